// Sign-out ends the session on the server; failures are logged only. Cached auth answers (roles
// included) are dropped once the session is gone: see useDropAuthCacheOnUserChange.
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { resumeUserSocket, suspendUserSocket } from '../../../lib/socket.ts';
import { authKeys } from './auth-keys.ts';
import { setSigningOut } from './signing-out.ts';

type SignOut = (() => Promise<void>) & { mutate: () => void };

export function useSignOut(): SignOut {
  const queryClient = useQueryClient();
  const signOut = useCallback(async () => {
    setSigningOut(true);
    suspendUserSocket();
    await queryClient.cancelQueries({ queryKey: authKeys.all });
    try {
      const { authClient } = await import('../auth-client.ts');
      await authClient.signOut();
    } catch (error) {
      setSigningOut(false);
      resumeUserSocket();
      console.warn('Sign-out failed', error);
    } finally {
      // Active queries are dropped when the session turns null, so none refetches without a session.
      queryClient.removeQueries({ queryKey: authKeys.all, type: 'inactive' });
    }
  }, [queryClient]);
  return useMemo(() => Object.assign(signOut, { mutate: () => void signOut() }), [signOut]);
}
