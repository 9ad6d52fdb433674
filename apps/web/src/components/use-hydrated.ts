// Whether a server-rendered page has finished hydrating: false while the server renders and while the browser
// hydrates its HTML (the page and every HydrationBoundary met in it), true from the task after the last boundary has
// hydrated and the page's strings are in. Values only the browser knows (the breakpoint, the stored sidebar state,
// the session, parts that exist only in the browser) switch then, in a render of their own. A page drawn in the
// browser starts hydrated.
// React itself draws a boundary that hydrates later with the server's values: useSyncExternalStore reads
// getServerSnapshot while hydrating and the browser's value right after, so a late boundary matches its HTML too.
import { useSyncExternalStore } from 'react';
import { QUERY_STATE_GLOBAL } from '../ssr/query-state.ts';

let hydrated = typeof window !== 'undefined' && !(QUERY_STATE_GLOBAL in window);
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

// A HydrationBoundary: `done` once its children have committed in the browser.
export type HydrationPart = { done: boolean };

const waiting = new Set<HydrationPart>();
let rootHydrated = false;
let ready: Promise<unknown> = Promise.resolve();
let checking = false;

// A task later, so a boundary that was unmounted and mounted again (StrictMode does that to every effect in
// development) is seen as it ends up; then once the strings are in.
function check(): void {
  if (hydrated || checking || !rootHydrated || waiting.size > 0) return;
  checking = true;
  setTimeout(() => {
    checking = false;
    if (!rootHydrated || waiting.size > 0) return;
    void ready.catch(() => undefined).then(markHydrated);
  }, 0);
}

export function partMounted(part: HydrationPart): void {
  if (!part.done) waiting.add(part);
}

export function partUnmounted(part: HydrationPart): void {
  waiting.delete(part);
  check();
}

export function partHydrated(part: HydrationPart): void {
  part.done = true;
  waiting.delete(part);
  check();
}

// The root's first commit in the browser (HydrationDone). `strings`: what the browser-only values need first (every
// feature's strings, for the signed-in shell).
export function markRootHydrated(): void {
  rootHydrated = true;
  check();
}

export function waitBeforeHydrated(strings: Promise<unknown>): void {
  ready = strings;
}

// Whether the page's first hydration is over.
export const pageHydrated = (): boolean => hydrated;

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
    serverValue,
  };
}

// The value of a browserValue for this component: the server's until the page has hydrated, then the browser's.
export function useBrowserValue<T>(value: ReturnType<typeof browserValue<T>>): T {
  return useSyncExternalStore(value.subscribe, value.getSnapshot, value.getServerSnapshot);
}
