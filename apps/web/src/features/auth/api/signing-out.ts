// While a sign-out is under way the session still names the user, but the server no longer knows them:
// queries that need a session must not start in that gap (each would answer 401).
import { useSyncExternalStore } from 'react';

let signingOut = false;
const listeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  if (signingOut === value) return;
  signingOut = value;
  for (const listener of listeners) listener();
}

// For work that starts outside React's render (a background refresh): it checks at the moment it would ask.
export function isSigningOut(): boolean {
  return signingOut;
}

export function useSigningOut(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => signingOut,
    () => false,
  );
}
