// The signed-in user as the server sees it. `user` is null for visitors.
import { browserValue, useBrowserValue } from '../../../components/use-hydrated.ts';
import {
  PENDING,
  pageSaidSession,
  sessionCheckFailed,
  sessionSnapshot,
  subscribeSession,
  type SessionSnapshot,
} from './session-store.ts';

export type { SessionUser } from './session-store.ts';

// better-auth's client (auth-client.ts), which follows the session from the moment it loads. Its code not arriving
// (offline, never fetched) is a check with no answer, not a sign-out.
const loadAuthClient = () =>
  import('../auth-client.ts').catch((error: unknown) => {
    sessionCheckFailed(error);
    throw error;
  });
const startAuthClient = () => void loadAuthClient().catch(() => undefined);

// When the page said who it was made for, better-auth's client loads when the person comes back to the tab (where
// it would have asked the server again: a sign-in or sign-out in another tab shows then) or uses an auth form.
// Otherwise it loads with the first reader of the session.
let started = false;
function start() {
  if (started) return;
  started = true;
  if (!pageSaidSession) {
    startAuthClient();
    return;
  }
  const onReturn = () => {
    if (document.visibilityState !== 'visible') return;
    window.removeEventListener('focus', onReturn);
    document.removeEventListener('visibilitychange', onReturn);
    startAuthClient();
  };
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
}

// A server-rendered page was drawn before the session was known: it hydrates as that, and takes the session
// right after (browserValue).
const session = browserValue(
  (onChange) => {
    start();
    return subscribeSession(onChange);
  },
  sessionSnapshot,
  PENDING,
);

const refetch = () =>
  void loadAuthClient()
    .then(({ authSessionStore }) => authSessionStore.get().refetch())
    .catch(() => undefined);

export function useSession(): SessionSnapshot & { refetch: () => void } {
  const snapshot = useBrowserValue(session);
  return { ...snapshot, refetch };
}
