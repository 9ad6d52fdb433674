// @vitest-environment node
// The session the app shows: what the page said first, then what better-auth's client says once it is loaded.
// better-auth's real client runs against a local HTTP server answering /api/auth/get-session. Node's own
// environment, with the global object as the page's window: jsdom's AbortSignal is not one Node's fetch takes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from 'better-auth/react';
import { PAGE_SESSION_GLOBAL, type PageSession } from '@nocturna/shared/page-session';

const ana = {
  id: 'u-ana',
  email: 'ana@example.es',
  name: 'Ana Ruiz',
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Ruiz',
  image: null,
};
const leo = { ...ana, id: 'u-leo', email: 'leo@example.es', name: 'Leo', username: 'leo', firstName: 'Leo' };
const expiresAt = '2026-12-30T10:00:00.000Z';

let answer: { user: typeof ana; session: { expiresAt: string } } | null = null;
let asked = 0;
let server: http.Server;
let baseURL = '';

beforeAll(async () => {
  Object.assign(globalThis, { window: globalThis });
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/auth/get-session')) asked++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
});
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'window');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  vi.resetModules();
  delete window[PAGE_SESSION_GLOBAL];
  answer = null;
  asked = 0;
});

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
