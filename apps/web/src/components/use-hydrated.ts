// Whether a server-rendered page has finished hydrating: false while the server renders and while the browser
// hydrates its HTML (the first pass and every part HydrateLater defers), true from the task after the last part.
// Values only the browser knows (the breakpoint, the stored sidebar state, the session, parts that exist only in
// the browser) switch then, in a re-render of their own: never inside a hydration task, where they would make the
// whole shell draw again at once (issue 14: total blocking time). A page drawn in the browser starts hydrated.
import { useSyncExternalStore } from 'react';
import { QUERY_STATE_GLOBAL } from '../ssr/query-state.ts';

let hydrated = typeof window !== 'undefined' && !(QUERY_STATE_GLOBAL in window);
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );

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
  };
}
