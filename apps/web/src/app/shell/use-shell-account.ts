// What the shell needs to know about the visitor, in one place: the session, the account menu's person and sign-out.
// The auth feature owns them; this only adapts them to the shell's props. The roles come from SignedInStateReader.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Role } from '@nocturna/shared/constants';
import { useSession, useSignOut } from '../../features/auth/index.ts';
import { goOfflineBeforeSignOut } from '../../features/presence/index.ts';
import { clearPrivateOfflineData } from '../pwa/register-service-worker.ts';
import { dropPacks } from '../../features/door/index.ts';
import type { DropdownAccount } from './profile-dropdown.tsx';
import type { SignedInState } from './signed-in-state.tsx';

// However a session ends (this menu, another page's sign-out, expiry, another account signing in), what was
// kept on the phone for it goes: its tickets in the service worker's cache and the door's packs of holders.
function useForgetPrivateDataWhenSessionEnds(userId: string | null) {
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) {
      clearPrivateOfflineData();
      void dropPacks().catch((error: unknown) => console.warn('Could not clear the door packs', error));
    }
    previous.current = userId;
  }, [userId]);
}

const NO_ROLES: readonly Role[] = [];

export function useShellAccount(signedIn: SignedInState): {
  account: DropdownAccount | null;
  userId: string | null;
  roles: readonly Role[];
  signOut: () => void;
} {
  const { user } = useSession();
  const { mutate: signOut } = useSignOut();
  // The same objects while nothing changed: the shell's bars are memoised on them.
  const roles = user && signedIn.userId === user.id ? signedIn.roles : NO_ROLES;
  const account = useMemo(
    () => (user ? { name: user.name, email: user.email, image: user.image, roles } : null),
    [user, roles],
  );
  useForgetPrivateDataWhenSessionEnds(user?.id ?? null);
  const endSession = useCallback(() => {
    // Presence is reported offline while the server still knows who is leaving.
    void goOfflineBeforeSignOut().finally(() => signOut());
  }, [signOut]);
  return { account, userId: user?.id ?? null, roles, signOut: endSession };
}
