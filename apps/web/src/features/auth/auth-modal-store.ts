// A tiny store for the one auth modal: anything can open it in a mode; the host renders it.
import { useSyncExternalStore } from 'react';

export type AuthModalMode = 'signIn' | 'signUp';
// `requested`: the modal has been opened at least once in this visit, so its code is worth loading.
type State = { open: boolean; mode: AuthModalMode; requested: boolean };

let state: State = { open: false, mode: 'signIn', requested: false };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

export const openAuthModal = (mode: AuthModalMode) => set({ open: true, mode, requested: true });
export const closeAuthModal = () => set({ ...state, open: false });
export const setAuthModalMode = (mode: AuthModalMode) => set({ ...state, mode });

export function useAuthModal(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
