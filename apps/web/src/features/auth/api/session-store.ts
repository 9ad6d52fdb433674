// The session the app shows (useSession). A page the server sent says who it was made for
// (@nocturna/shared page-session.ts), so the first page needs neither a request nor better-auth's client to
// know it. From the moment that client is loaded (auth-client.ts: a sign-in form, a sign-out, the person coming
// back to the tab, or a page that did not say), the app shows what better-auth's session store says.
import { PAGE_SESSION_GLOBAL, type PageSession } from '@nocturna/shared/page-session';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  image?: string | null;
};

export type SessionSnapshot = { user: SessionUser | null; expiresAt: Date | null; isPending: boolean };

declare global {
  interface Window {
    [PAGE_SESSION_GLOBAL]?: PageSession;
  }
}

export const PENDING: SessionSnapshot = { user: null, expiresAt: null, isPending: true };

// undefined: the page did not say (the offline shell, the development server): ask better-auth.
function fromPage(): SessionSnapshot | undefined {
  if (typeof window === 'undefined') return undefined;
  const session = window[PAGE_SESSION_GLOBAL];
  if (session === undefined) return undefined;
  return session
    ? { user: session.user, expiresAt: new Date(session.expiresAt), isPending: false }
    : { user: null, expiresAt: null, isPending: false };
}

const pageSnapshot = fromPage();
export const pageSaidSession = pageSnapshot !== undefined;

let snapshot = pageSnapshot ?? PENDING;
const listeners = new Set<() => void>();

export const sessionSnapshot = (): SessionSnapshot => snapshot;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const USER_FIELDS = ['id', 'email', 'name', 'username', 'firstName', 'lastName', 'image'] as const;
const sameUser = (a: SessionUser | null, b: SessionUser | null) =>
  a === b ||
  (a !== null && b !== null && USER_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null)));

// The same snapshot while what the app reads of the session is the same: the store changes more often (a fetch
// starting, a refetch with the same answer), and each change would otherwise draw the whole shell again.
function show(next: SessionSnapshot) {
  if (
    sameUser(snapshot.user, next.user) &&
    (snapshot.expiresAt?.getTime() ?? null) === (next.expiresAt?.getTime() ?? null) &&
    snapshot.isPending === next.isPending
  )
    return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export type AuthSessionStore = {
  get: () => {
    data: { user: unknown; session: { expiresAt: Date | string } } | null;
    isPending: boolean;
    error?: unknown;
    refetch: () => Promise<unknown>;
  };
  listen: (listener: () => void) => () => void;
};

// A check that got no answer (no signal, the request cut short): better-auth then holds no session and an error,
// which says nothing about the session. Only an answer (a session, none, or a 401) does.
const unanswered = (error: unknown) => Boolean(error) && (error as { status?: unknown }).status !== 401;

// better-auth's session store, from now on (its first listener makes it ask the server). While it is still
// asking for the first time it knows nothing, and what the page said stays shown. A check that failed for want of
// an answer leaves the person shown as they were: read as signed out, it would drop what the phone keeps for
// them (their tickets, for the door with no coverage) and show the sign-in gate instead of their QR.
export function followAuthSession(store: AuthSessionStore): void {
  if (typeof window === 'undefined') return;
  const update = () => {
    const { data, isPending, error } = store.get();
    if (isPending && !snapshot.isPending) return;
    if (!data && unanswered(error) && snapshot.user) return;
    show({
      user: (data?.user as SessionUser | undefined) ?? null,
      expiresAt: data?.session.expiresAt ? new Date(data.session.expiresAt) : null,
      isPending,
    });
  };
  store.listen(update);
  update();
}
