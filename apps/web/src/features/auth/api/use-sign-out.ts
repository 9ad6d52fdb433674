// Sign-out ends the session on the server and drops every cached auth answer (roles included).
// Failures are logged only (spec §8).
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authClient } from '../auth-client.ts';
import { authKeys } from './auth-keys.ts';

type SignOut = (() => Promise<void>) & { mutate: () => void };

export function useSignOut(): SignOut {
  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    try {
      await authClient.signOut();
    } catch (error) {
      console.warn('Sign-out failed', error);
    } finally {
      queryClient.removeQueries({ queryKey: authKeys.all });
    }
  }, [queryClient]);
  return useMemo(() => Object.assign(signOut, { mutate: () => void signOut() }), [signOut]);
}
