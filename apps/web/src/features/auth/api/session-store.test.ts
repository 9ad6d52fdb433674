// @vitest-environment node
// The session the app shows: what the page said first, then what better-auth's client says once it is loaded.
// better-auth's real client runs against a local HTTP server answering /api/auth/get-session. Node's own
// environment, with the global object as the page's window: jsdom's AbortSignal is not one Node's fetch takes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from 'better-auth/react';
import { PAGE_SESSION_GLOBAL, type PageSession } from '@nocturna/shared/page-session';
import { ana } from './test-people.ts';

const leo = { ...ana, id: 'u-leo', email: 'leo@example.es', name: 'Leo', username: 'leo', firstName: 'Leo' };
const expiresAt = '2026-12-30T10:00:00.000Z';

let answer: { user: typeof ana; session: { expiresAt: string } } | null = null;
let asked = 0;
let server: http.Server;
let baseURL = '';

// The browser's localStorage (Node has none without a flag): what the device remembers between visits.
const stored = new Map<string, string>();
const localStorageLike = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, String(value)),
  removeItem: (key: string) => void stored.delete(key),
};
const setOnline = (onLine: boolean) =>
  Object.defineProperty(globalThis.navigator, 'onLine', { value: onLine, configurable: true });

beforeAll(async () => {
  Object.assign(globalThis, { window: globalThis, localStorage: localStorageLike });
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/auth/get-session')) asked++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
});
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'localStorage');
  Reflect.deleteProperty(globalThis.navigator, 'onLine');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  vi.resetModules();
  delete window[PAGE_SESSION_GLOBAL];
  answer = null;
  asked = 0;
  stored.clear();
  setOnline(true);
});

// better-auth's real client pointed at a port nothing listens on: its checks fail as they do with the network cut.
async function unreachableSession() {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const unreachable = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/auth`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return createAuthClient({ baseURL: unreachable }).$store.atoms.session as unknown as Parameters<
    Awaited<ReturnType<typeof storeFor>>['followAuthSession']
  >[0];
}

async function storeFor(page: PageSession | undefined) {
  if (page !== undefined) window[PAGE_SESSION_GLOBAL] = page;
  return import('./session-store.ts');
}

const betterAuthSession = () =>
  createAuthClient({ baseURL }).$store.atoms.session as unknown as Parameters<
    Awaited<ReturnType<typeof storeFor>>['followAuthSession']
  >[0];

describe('session store', () => {
  it('shows the person the page was made for, with no request and no auth client', async () => {
    const store = await storeFor({ user: ana, expiresAt });
    expect(store.pageSaidSession).toBe(true);
    expect(store.sessionSnapshot()).toEqual({ user: ana, expiresAt: new Date(expiresAt), isPending: false });
    expect(asked).toBe(0);
  });

  it("keeps the page's person while better-auth asks, draws nothing again for the same answer, then follows a new one", async () => {
    const store = await storeFor({ user: ana, expiresAt });
    const first = store.sessionSnapshot();
    const changes = vi.fn();
    store.subscribeSession(changes);
    answer = { user: ana, session: { expiresAt } };
    const session = betterAuthSession();
    store.followAuthSession(session);
    expect(store.sessionSnapshot()).toBe(first);
    await vi.waitFor(() => expect(session.get().isPending).toBe(false));
    expect(asked).toBe(1);
    expect(store.sessionSnapshot()).toBe(first);
    expect(changes).not.toHaveBeenCalled();

    // Signed out in another tab: better-auth's next answer is no one.
    answer = null;
    await session.get().refetch();
    expect(store.sessionSnapshot()).toEqual({ user: null, expiresAt: null, isPending: false });
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('shows a visitor as the page said, and the person better-auth finds after a sign-in', async () => {
    const store = await storeFor(null);
    expect(store.sessionSnapshot()).toEqual({ user: null, expiresAt: null, isPending: false });
    const session = betterAuthSession();
    store.followAuthSession(session);
    await vi.waitFor(() => expect(asked).toBe(1));
    answer = { user: leo, session: { expiresAt } };
    await session.get().refetch();
    expect(store.sessionSnapshot().user).toEqual(leo);
  });

  it("keeps the page's person when better-auth's check gets no answer (no signal), and follows the next answer", async () => {
    const store = await storeFor({ user: ana, expiresAt });
    const first = store.sessionSnapshot();
    // Nothing listens there: the request fails as it does with the network cut.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const unreachable = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/auth`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const session = createAuthClient({ baseURL: unreachable }).$store.atoms.session as unknown as Parameters<
      typeof store.followAuthSession
    >[0];
    store.followAuthSession(session);
    await vi.waitFor(() => expect(session.get().isPending).toBe(false));
    // What the cut network leaves: fetch's own failure, no HTTP status at all (a 401 would mean signed out).
    expect(session.get().error).toMatchObject({ message: 'fetch failed' });
    expect((session.get().error as { status?: number }).status).toBeUndefined();
    expect(session.get().data).toBeNull();
    expect(store.sessionSnapshot()).toBe(first);
  });

  it('is pending until better-auth answers when the page said nothing (the offline shell)', async () => {
    const store = await storeFor(undefined);
    expect(store.pageSaidSession).toBe(false);
    expect(store.sessionSnapshot().isPending).toBe(true);
    answer = { user: leo, session: { expiresAt } };
    store.followAuthSession(betterAuthSession());
    await vi.waitFor(() => expect(store.sessionSnapshot().isPending).toBe(false));
    expect(store.sessionSnapshot()).toEqual({ user: leo, expiresAt: new Date(expiresAt), isPending: false });
  });
});

describe('the session offline: the last one the server confirmed on this device', () => {
  it('opens the offline shell as the person a page said last time, without waiting for a check', async () => {
    await storeFor({ user: ana, expiresAt }); // online, a page made for Ana
    vi.resetModules();
    delete window[PAGE_SESSION_GLOBAL];
    setOnline(false);
    const store = await storeFor(undefined); // reloaded offline: the saved shell says nothing
    expect(store.sessionSnapshot()).toEqual({ user: ana, expiresAt: new Date(expiresAt), isPending: false });
  });

  it('online, the offline shell still waits for the server, and shows whom it answers', async () => {
    await storeFor({ user: ana, expiresAt });
    vi.resetModules();
    delete window[PAGE_SESSION_GLOBAL];
    const store = await storeFor(undefined);
    expect(store.sessionSnapshot().isPending).toBe(true);
    answer = { user: leo, session: { expiresAt } };
    store.followAuthSession(betterAuthSession());
    await vi.waitFor(() => expect(store.sessionSnapshot().user).toEqual(leo));
    expect(asked).toBe(1);
  });

  it('reads a check with no answer as the last known person, not as signed out', async () => {
    // Signed in through better-auth's client (a sign-in form): its answer is remembered.
    const first = await storeFor(undefined);
    answer = { user: ana, session: { expiresAt } };
    first.followAuthSession(betterAuthSession());
    await vi.waitFor(() => expect(first.sessionSnapshot().user).toEqual(ana));

    // Next visit, the browser believing it is online, but the check gets no answer (no coverage in the basement).
    vi.resetModules();
    const store = await storeFor(undefined);
    expect(store.sessionSnapshot().isPending).toBe(true);
    const session = await unreachableSession();
    store.followAuthSession(session);
    await vi.waitFor(() => expect(session.get().isPending).toBe(false));
    expect(session.get().error).toMatchObject({ message: 'fetch failed' });
    expect(store.sessionSnapshot()).toEqual({ user: ana, expiresAt: new Date(expiresAt), isPending: false });
  });

  it("reads better-auth's client failing to load (its code not on the device) as the last known person", async () => {
    await storeFor({ user: ana, expiresAt });
    vi.resetModules();
    delete window[PAGE_SESSION_GLOBAL];
    const store = await storeFor(undefined);
    store.sessionCheckFailed(
      new TypeError('Failed to fetch dynamically imported module: /assets/auth-client.js'),
    );
    expect(store.sessionSnapshot()).toEqual({ user: ana, expiresAt: new Date(expiresAt), isPending: false });
  });

  it('forgets the person once the server answers that nobody is signed in', async () => {
    const store = await storeFor({ user: ana, expiresAt });
    answer = null;
    const session = betterAuthSession();
    store.followAuthSession(session);
    await vi.waitFor(() => expect(store.sessionSnapshot().user).toBeNull());

    vi.resetModules();
    delete window[PAGE_SESSION_GLOBAL];
    setOnline(false);
    const offline = await storeFor(undefined);
    expect(offline.sessionSnapshot().isPending).toBe(true);
    offline.sessionCheckFailed(new TypeError('Failed to fetch'));
    expect(offline.sessionSnapshot()).toEqual({ user: null, expiresAt: null, isPending: false });
  });

  it('forgets the person a page made for a visitor, and trusts no expired session', async () => {
    await storeFor({ user: ana, expiresAt });
    vi.resetModules();
    await storeFor(null);
    vi.resetModules();
    delete window[PAGE_SESSION_GLOBAL];
    setOnline(false);
    expect((await storeFor(undefined)).sessionSnapshot().isPending).toBe(true);

    vi.resetModules();
    await storeFor({ user: ana, expiresAt: '2020-01-01T00:00:00.000Z' });
    vi.resetModules();
    delete window[PAGE_SESSION_GLOBAL];
    const store = await storeFor(undefined);
    expect(store.sessionSnapshot().isPending).toBe(true);
    store.sessionCheckFailed(new TypeError('Failed to fetch'));
    expect(store.sessionSnapshot().user).toBeNull();
  });

  it('decides: pending keeps what is shown, no answer keeps or restores the person, an answer wins', async () => {
    const { decideSession, PENDING } = await storeFor(undefined);
    const shown = { user: ana, expiresAt: new Date(expiresAt), isPending: false };
    const known = { user: leo, expiresAt };
    const cut = new TypeError('Failed to fetch');
    expect(decideSession(shown, { data: null, isPending: true }, known)).toBeNull();
    expect(decideSession(shown, { data: null, isPending: false, error: cut }, known)).toBeNull();
    expect(decideSession(PENDING, { data: null, isPending: false, error: cut }, known)).toEqual({
      user: leo,
      expiresAt: new Date(expiresAt),
      isPending: false,
    });
    expect(decideSession(PENDING, { data: null, isPending: false, error: cut }, null)).toEqual({
      user: null,
      expiresAt: null,
      isPending: false,
    });
    // A 401 is an answer: signed out, whatever was known.
    expect(
      decideSession(shown, { data: null, isPending: false, error: { status: 401, message: '' } }, known),
    ).toEqual({ user: null, expiresAt: null, isPending: false });
    expect(decideSession(shown, { data: null, isPending: false }, known)).toEqual({
      user: null,
      expiresAt: null,
      isPending: false,
    });
  });
});
