// When the signed-in user changes (sign-out, or another account signs in), every cached auth answer of the
// previous user is dropped: a role granted to one person never leaks into the next session.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from './auth-keys.ts';
import { useSession } from './use-session.ts';
import { setSigningOut } from './signing-out.ts';

export function useDropAuthCacheOnUserChange(): void {
  const queryClient = useQueryClient();
  const { user, isPending } = useSession();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (isPending) return;
    const current = user?.id ?? null;
    // The session is gone: a sign-out has finished.
    if (current === null) setSigningOut(false);
    if (previous.current !== undefined && previous.current !== current) {
      // Only other users' answers: the new user's queries may already be in flight for the page on screen.
      queryClient.removeQueries({
        queryKey: authKeys.all,
        predicate: (query) => query.queryKey[2] !== current,
      });
    }
    previous.current = current;
  }, [user?.id, isPending, queryClient]);
}
