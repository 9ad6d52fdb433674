// Whether a server-rendered page has finished hydrating: false while the server renders and while the browser
// hydrates its HTML (the first pass and every part HydrateLater defers), true from the task after the last part.
// Values only the browser knows (the breakpoint, the stored sidebar state, the session, parts that exist only in
// the browser) switch then, in a re-render of their own: never inside a hydration task, where they would make the
// whole shell draw again at once (issue 14: total blocking time). A page drawn in the browser starts hydrated.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { QUERY_STATE_GLOBAL } from '../ssr/query-state.ts';

let hydrated = typeof window !== 'undefined' && !(QUERY_STATE_GLOBAL in window);
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

// Whether the page's first hydration is over (a part hydrating now is one that waited for the screen).
export const pageHydrated = (): boolean => hydrated;

export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

// A part HydrateLater hydrated: `done` from its first commit on. A part can hydrate after the page counts as
// hydrated (one that waited until it neared the screen): it must still hydrate drawing what the server drew, so
// inside it the browser-only values switch only once it is done, in a redraw of that part alone.
// `urgent`: a finger or the keyboard reached the part before its turn; it hydrates whole, at once, parts inside it
// included, so the tap that follows meets its handlers.
export type HydratedPart = {
  done: boolean;
  urgent: boolean;
  subscribe: (listener: () => void) => () => void;
  finish: () => void;
};

export function hydratedPart(urgent: boolean): HydratedPart {
  const partListeners = new Set<() => void>();
  const part: HydratedPart = {
    done: false,
    urgent,
    subscribe: (listener) => {
      partListeners.add(listener);
      return () => void partListeners.delete(listener);
    },
    finish: () => {
      if (part.done) return;
      part.done = true;
      for (const listener of partListeners) listener();
    },
  };
  return part;
}

// Outside any deferred part: nothing to wait for. The value a Provider gives never changes (a part's own object),
// so reading it redraws nothing.
const NO_PART: HydratedPart = {
  done: true,
  urgent: false,
  subscribe: () => () => undefined,
  finish: () => undefined,
};
export const HydratedPartContext = createContext<HydratedPart>(NO_PART);

function usePartDone(): boolean {
  const part = useContext(HydratedPartContext);
  return useSyncExternalStore(
    part.subscribe,
    () => part.done,
    () => false,
  );
}

export const useHydrated = (): boolean => {
  const page = useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
  return usePartDone() && page;
};

// A value read from the browser (matchMedia, localStorage): `serverValue`, as the server drew it, until the page
// has hydrated, then the browser's own, following `subscribeValue`. Made once per value, at module level.
export function browserValue<T>(
  subscribeValue: (onChange: () => void) => () => void,
  read: () => T,
  serverValue: T,
) {
  return {
    subscribe: (onChange: () => void) => {
      const stopValue = subscribeValue(onChange);
      const stopHydrated = subscribe(onChange);
      return () => {
        stopValue();
        stopHydrated();
      };
    },
    getSnapshot: () => (hydrated ? read() : serverValue),
    getServerSnapshot: () => serverValue,
    serverValue,
  };
}

// The value of a browserValue for this component: the server's until the page, and the part it is in, hydrated.
export function useBrowserValue<T>(value: ReturnType<typeof browserValue<T>>): T {
  const current = useSyncExternalStore(value.subscribe, value.getSnapshot, value.getServerSnapshot);
  return usePartDone() ? current : value.serverValue;
}
