// The signed-in user as the server sees it. `user` is null for visitors.
import { useSyncExternalStore } from 'react';
import { browserValue } from '../../../components/use-hydrated.ts';
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

type Snapshot = { user: SessionUser | null; expiresAt: Date | null; isPending: boolean };

// A server-rendered page was drawn before the session was known: it hydrates as that, whatever the session store
// already holds, and takes the session right after (browserValue).
const BEFORE_HYDRATION: Snapshot = { user: null, expiresAt: null, isPending: true };

const USER_FIELDS = ['id', 'email', 'name', 'username', 'firstName', 'lastName', 'image'] as const;
const sameUser = (a: SessionUser | null, b: SessionUser | null) =>
  a === b || (a !== null && b !== null && USER_FIELDS.every((field) => a[field] === b[field]));

const sessionAtom = authClient.$store.atoms.session as {
  get: () => {
    data: { user: unknown; session: { expiresAt: Date | string } } | null;
    isPending: boolean;
    refetch: () => Promise<unknown>;
  };
  listen: (listener: () => void) => () => void;
};

// The same snapshot while what the app reads of the session is the same. The store changes more often (a fetch
// starting, a refetch with the same answer), and each change would otherwise draw the whole shell again.
let last = BEFORE_HYDRATION;
function readSession(): Snapshot {
  const { data, isPending } = sessionAtom.get();
  const user = (data?.user as SessionUser | undefined) ?? null;
  const expires = data?.session.expiresAt ? new Date(data.session.expiresAt).getTime() : null;
  if (
    sameUser(last.user, user) &&
    (last.expiresAt?.getTime() ?? null) === expires &&
    last.isPending === isPending
  )
    return last;
  last = { user, expiresAt: expires === null ? null : new Date(expires), isPending };
  return last;
}

const session = browserValue((onChange) => sessionAtom.listen(onChange), readSession, BEFORE_HYDRATION);
const refetch = () => void sessionAtom.get().refetch();

export function useSession(): Snapshot & { refetch: () => void } {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getServerSnapshot);
  return { ...snapshot, refetch };
}
