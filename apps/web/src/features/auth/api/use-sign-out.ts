// Sign-out ends the session on the server; failures are logged only. Cached auth answers (roles
// included) are dropped once the session is gone: see useDropAuthCacheOnUserChange.
// Before the server is asked, every query of the person still in flight (their keys name them, like their tickets
// refreshed in the background for offline use) is cancelled: one reaching the server after the session ended
// would be answered 401.
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { resumeUserSocket, suspendUserSocket } from '../../../lib/socket.ts';
import { authKeys } from './auth-keys.ts';
import { setSigningOut } from './signing-out.ts';
import { useSession } from './use-session.ts';

type SignOut = (() => Promise<void>) & { mutate: () => void };

export function useSignOut(): SignOut {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const signOut = useCallback(async () => {
    setSigningOut(true);
    suspendUserSocket();
    const theirs = {
      predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
        queryKey[0] === authKeys.all[0] || (userId !== null && queryKey.includes(userId)),
    };
    await queryClient.cancelQueries(theirs);
    try {
      const { authClient } = await import('../auth-client.ts');
      await authClient.signOut();
    } catch (error) {
      setSigningOut(false);
      resumeUserSocket();
      // Still signed in: what was cancelled is asked for again.
      void queryClient.invalidateQueries(theirs);
      console.warn('Sign-out failed', error);
    } finally {
      // Active queries are dropped when the session turns null, so none refetches without a session.
      queryClient.removeQueries({ queryKey: authKeys.all, type: 'inactive' });
    }
  }, [queryClient, userId]);
  return useMemo(() => Object.assign(signOut, { mutate: () => void signOut() }), [signOut]);
}
