// The session the app shows (useSession). A page the server sent says who it was made for
// (@nocturna/shared page-session.ts), so the first page needs neither a request nor better-auth's client to
// know it. From the moment that client is loaded (auth-client.ts: a sign-in form, a sign-out, the person coming
// back to the tab, or a page that did not say), the app shows what better-auth's session store says.
// Without signal, the last session the server confirmed on this device (last-session.ts) stands in for an answer.
import { PAGE_SESSION_GLOBAL, type PageSession } from '@nocturna/shared/page-session';
import {
  browserOffline,
  forgetSession,
  lastKnownSession,
  rememberSession,
  type KnownSession,
} from './last-session.ts';

import type { SessionUser } from './session-user.ts';

export type { SessionUser } from './session-user.ts';

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

const fromKnown = (known: KnownSession): SessionSnapshot => ({
  user: known.user,
  expiresAt: new Date(known.expiresAt),
  isPending: false,
});

// An answer from the server (the page's or better-auth's) is what the device remembers for the next time it opens
// without signal; "nobody" forgets it.
function remember(answer: SessionSnapshot) {
  if (answer.user) rememberSession(answer.user, answer.expiresAt);
  else forgetSession();
}

// Before any answer: what the page said; offline, with nothing said (the offline shell), the last session this
// device knew, so the signed-in pages open at once instead of waiting on a check that cannot be answered; online,
// pending until the server answers.
export function firstSnapshot(
  page: SessionSnapshot | undefined,
  offline: boolean,
  known: KnownSession | null,
): SessionSnapshot {
  if (page) return page;
  if (offline && known) return fromKnown(known);
  return PENDING;
}

const pageSnapshot = fromPage();
export const pageSaidSession = pageSnapshot !== undefined;
if (pageSnapshot) remember(pageSnapshot);

let snapshot = firstSnapshot(
  pageSnapshot,
  browserOffline(),
  pageSnapshot ? null : lastKnownSession(Date.now()),
);
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

export type SessionCheck = {
  data: { user: unknown; session: { expiresAt: Date | string } } | null;
  isPending: boolean;
  error?: unknown;
};

export type AuthSessionStore = {
  get: () => SessionCheck & { refetch: () => Promise<unknown> };
  listen: (listener: () => void) => () => void;
};

// A check that got no answer (no signal, the request cut short, better-auth's client itself not loaded): better-auth
// then holds no session and an error, which says nothing about the session. Only an answer (a session, none, or a
// 401) does.
const unanswered = (error: unknown) => Boolean(error) && (error as { status?: unknown }).status !== 401;

// What to show after a check (null: keep what is shown). While better-auth is still asking for the first time it
// knows nothing, and what is shown stays. A check that failed for want of an answer is not "signed out": read that
// way, it would drop what the phone keeps for the person (their tickets, for the door with no coverage) and show the
// sign-in gate instead of their QR. The person shown stays, or, with nobody shown yet (the offline shell), the last
// session the server confirmed on this device; with none known, nobody.
export function decideSession(
  current: SessionSnapshot,
  check: SessionCheck,
  known: KnownSession | null,
): SessionSnapshot | null {
  if (check.isPending && !current.isPending) return null;
  if (!check.data && unanswered(check.error)) {
    if (current.user) return null;
    if (known) return fromKnown(known);
    return { user: null, expiresAt: null, isPending: check.isPending };
  }
  return {
    user: (check.data?.user as SessionUser | undefined) ?? null,
    expiresAt: check.data?.session.expiresAt ? new Date(check.data.session.expiresAt) : null,
    isPending: check.isPending,
  };
}

function check(result: SessionCheck) {
  const next = decideSession(snapshot, result, lastKnownSession(Date.now()));
  if (!next) return;
  if (!result.isPending && !unanswered(result.error)) remember(next);
  show(next);
}

// better-auth's client could not even load (offline, its code never fetched): as a check with no answer.
export function sessionCheckFailed(error: unknown): void {
  if (typeof window === 'undefined') return;
  check({ data: null, isPending: false, error });
}

// better-auth's session store, from now on (its first listener makes it ask the server).
export function followAuthSession(store: AuthSessionStore): void {
  if (typeof window === 'undefined') return;
  const update = () => check(store.get());
  store.listen(update);
  update();
}
