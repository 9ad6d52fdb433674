// The last session the server confirmed on this device, kept in localStorage so the app still knows who is signed
// in when it opens without signal: the offline shell says nobody in particular, and a session check that gets no
// answer says nothing either. Only a server's answer changes it (a session, or none: signed out), never a failed
// check. Only what the screen shows of the person (no token: the cookie keeps that).
import type { SessionUser } from './session-user.ts';

const KEY = 'nocturna:last-session';

export type KnownSession = { user: SessionUser; expiresAt: string };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a private window's policy): the app simply does not remember.
    return null;
  }
}

export function rememberSession(user: SessionUser, expiresAt: Date | null): void {
  if (!expiresAt) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ user, expiresAt: expiresAt.toISOString() }));
  } catch {
    // A full storage keeps the previous copy: the next answer tries again.
  }
}

export function forgetSession(): void {
  storage()?.removeItem(KEY);
}

// The remembered session, while it has not expired at `nowMs`.
export function lastKnownSession(nowMs: number): KnownSession | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const known = JSON.parse(raw) as KnownSession;
    if (!known?.user?.id || !(Date.parse(known.expiresAt) > nowMs)) return null;
    return known;
  } catch {
    return null;
  }
}

// Whether the browser says it has no network at all (navigator.onLine is only ever sure of "offline").
export const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
