// False while the server renders and while the browser hydrates its HTML, true from then on: for parts that
// exist only in the browser (a lazily loaded dialog host), so the first render matches the server's.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
