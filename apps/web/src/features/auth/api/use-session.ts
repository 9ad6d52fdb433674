// The signed-in user as the server sees it. `user` is null for visitors.
import { useHydrated } from '../../../components/use-hydrated.ts';
import { authClient } from '../auth-client.ts';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
};

export function useSession(): {
  user: SessionUser | null;
  expiresAt: Date | null;
  isPending: boolean;
  refetch: () => void;
} {
  const { data, isPending, refetch } = authClient.useSession();
  // A server-rendered page was drawn before the session was known: it hydrates as that, whatever the session
  // store already holds, and takes the session right after.
  if (!useHydrated()) return { user: null, expiresAt: null, isPending: true, refetch: () => void refetch() };
  return {
    user: (data?.user as SessionUser | undefined) ?? null,
    expiresAt: data?.session.expiresAt ? new Date(data.session.expiresAt) : null,
    isPending,
    refetch: () => void refetch(),
  };
}
