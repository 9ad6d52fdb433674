// A tiny store for the one auth modal: anything can open it in a mode; the host renders it.
import { useSyncExternalStore } from 'react';

export type AuthModalMode = 'signIn' | 'signUp';
type State = { open: boolean; mode: AuthModalMode };

let state: State = { open: false, mode: 'signIn' };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

export const openAuthModal = (mode: AuthModalMode) => set({ open: true, mode });
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
