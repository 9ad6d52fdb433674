// Active sessions in settings: listed with device and last use; closing one, or all the others, takes effect on
// that session's next request and on its open sockets at once. Changing the password asks for the current one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, cookieFrom, freshIp, signUp } from '../../../test/auth-helpers.ts';
import { connect, connected, disconnected, listen } from '../../../test/realtime-helpers.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
  });
  afterAll(async () => t?.close());

  async function signInFrom(email: string, password: string, userAgent: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp(), 'user-agent': userAgent },
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    return cookieFrom(response);
  }
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const sessions = async (cookie: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } })).json() as {
        items: Array<{
          id: string;
          current: boolean;
          device: string;
          browser: string | null;
          os: string | null;
          lastUsedAt: string;
        }>;
      }
    ).items;

  it('lists every session with its device, this one first', async () => {
    const user = await signUp(t.app);
    const phone = await signInFrom(user.email, user.password, PHONE);
    await signInFrom(user.email, user.password, LAPTOP);
    const list = await sessions(phone);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, device: 'mobile', os: expect.stringContaining('iOS') });
    expect(list.find((s) => s.browser?.startsWith('Chrome'))).toMatchObject({
      current: false,
      device: 'desktop',
    });
    expect(list.every((s) => !Number.isNaN(Date.parse(s.lastUsedAt)))).toBe(true);
  });

  it('records when a session was last used', async () => {
    const user = await signUp(t.app);
    const laptop = await signInFrom(user.email, user.password, LAPTOP);
    const [row] = (await sessions(laptop)).filter((s) => s.current);
    // The session is an hour old and was last seen then.
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    await t.app.db
      .updateTable('sessions')
      .set({ created_at: hourAgo, updated_at: hourAgo })
      .where('id', '=', row!.id)
      .execute();
    expect((await me(laptop)).statusCode).toBe(200);
    let lastUsed: unknown = null;
    for (let i = 0; i < 50 && !lastUsed; i++) {
      const found = await t.app.db
        .selectFrom('sessions')
        .select('last_used_at')
        .where('id', '=', row!.id)
        .executeTakeFirstOrThrow();
      lastUsed = found.last_used_at;
      if (!lastUsed) await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - new Date(lastUsed as string).getTime()).toBeLessThan(60_000);
    const seenFromPhone = (await sessions(user.cookie)).find((s) => s.id === row!.id)!;
    expect(Date.now() - Date.parse(seenFromPhone.lastUsedAt)).toBeLessThan(60_000);
  });

  it('closes one session: its next request is refused and its socket is dropped', async () => {
    const user = await signUp(t.app);
    const laptop = await signInFrom(user.email, user.password, LAPTOP);
    const phone = await signInFrom(user.email, user.password, PHONE);
    const phoneSocket = await connected(connect(url, phone));
    const laptopSocket = await connected(connect(url, laptop));
    try {
      const target = (await sessions(laptop)).find((s) => s.device === 'mobile')!;
      const closing = disconnected(phoneSocket);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/me/sessions/${target.id}`,
        headers: { origin: TEST_ORIGIN, cookie: laptop },
      });
      expect(response.statusCode).toBe(204);
      expect(await closing).toBe('io server disconnect');
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(200);
      expect(laptopSocket.connected).toBe(true);
      // And it cannot come back on the socket either.
      await expect(connected(connect(url, phone))).rejects.toThrow(/UNAUTHENTICATED/);
    } finally {
      phoneSocket.close();
      laptopSocket.close();
    }
  });

  it('will not close another person’s session', async () => {
    const one = await signUp(t.app);
    const two = await signUp(t.app);
    const theirs = (await sessions(two.cookie))[0]!;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${theirs.id}`,
      headers: { origin: TEST_ORIGIN, cookie: one.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect((await me(two.cookie)).statusCode).toBe(200);
  });

  it('closes all the others at once, sockets included, and keeps this one', async () => {
    const user = await signUp(t.app);
    const a = await signInFrom(user.email, user.password, PHONE);
    const b = await signInFrom(user.email, user.password, LAPTOP);
    const socketA = await connected(connect(url, a));
    const socketB = await connected(connect(url, b));
    const mine = await connected(connect(url, user.cookie));
    try {
      const closing = Promise.all([disconnected(socketA), disconnected(socketB)]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/me/sessions/revoke-others',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      });
      expect(response.json()).toEqual({ revoked: 2 });
      await closing;
      expect((await me(a)).statusCode).toBe(401);
      expect((await me(b)).statusCode).toBe(401);
      expect((await me(user.cookie)).statusCode).toBe(200);
      expect(mine.connected).toBe(true);
      expect(await sessions(user.cookie)).toHaveLength(1);
    } finally {
      socketA.close();
      socketB.close();
      mine.close();
    }
  });

  it('changes the password only with the current one, signing out the other devices and their sockets', async () => {
    const user = await signUp(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        payload: { currentPassword, newPassword: 'Cambio-de-noche-en-Tribunal-5', revokeOtherSessions: true },
      });
    const phone = await signInFrom(user.email, user.password, PHONE);
    const phoneSocket = await connected(connect(url, phone));
    try {
      expect((await change('no-es-la-mia')).statusCode).toBe(400);
      expect(phoneSocket.connected).toBe(true);
      const closing = disconnected(phoneSocket);
      expect((await change(user.password)).statusCode).toBe(200);
      // The other device is signed out: its socket at once, its next request refused.
      await closing;
      expect((await me(phone)).statusCode).toBe(401);
    } finally {
      phoneSocket.close();
    }
    await expect(signInFrom(user.email, 'Cambio-de-noche-en-Tribunal-5', LAPTOP)).resolves.toMatch(/\S+=\S+/);
  });
});
