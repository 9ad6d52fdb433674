// The per-request session check (auth/session-reader.ts) answers the common case itself and leaves the rest to
// better-auth; every branch must end where better-auth's getSession alone would.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, freshIp, signUp } from '../auth-helpers.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('session check on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  const tokenOf = (cookie: string) =>
    decodeURIComponent(/nocturna\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
  const sessionRow = (token: string) =>
    t.app.db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('token', '=', token)
      .executeTakeFirst();
  const setExpiry = (token: string, at: number) =>
    t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(at).toISOString() })
      .where('token', '=', token)
      .execute();
  async function signed(token: string) {
    const { secret } = await t.app.auth.$context;
    const signature = crypto.createHmac('sha256', secret).update(token).digest('base64');
    return `nocturna.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  }

  it('answers a live session with its own person and session, and sets no cookie', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const [resA, resB] = await Promise.all([me(a.cookie), me(b.cookie)]);
    expect(resA.statusCode).toBe(200);
    expect(resA.json().user).toMatchObject({ id: a.id, email: a.email });
    expect(resB.json().user).toMatchObject({ id: b.id, email: b.email });
    expect(resA.json().session.id).toBe((await sessionRow(tokenOf(a.cookie)))!.id);
    expect(resA.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cookie whose signature was changed or made with another secret, and changes nothing', async () => {
    const a = await signUp(t.app);
    const token = tokenOf(a.cookie);
    const before = await sessionRow(token);
    const wrongSecret = crypto
      .createHmac('sha256', 'not-the-secret-0123456789abcdef0123')
      .update(token)
      .digest('base64');
    for (const cookie of [
      `nocturna.session_token=${encodeURIComponent(`${token}.${wrongSecret}`)}`,
      `nocturna.session_token=${encodeURIComponent(token)}`,
      a.cookie.replace(/%3D$|=$/, 'A'),
    ]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await sessionRow(token)).toEqual(before);
    expect((await me(a.cookie)).statusCode).toBe(200);
  });

  it('refuses a well-signed token with no session behind it and clears the cookie', async () => {
    const res = await me(await signed(crypto.randomBytes(24).toString('base64url')));
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/nocturna\.session_token=;.*Max-Age=0/i);
  });

  it('refuses an expired session, removes it and clears the cookie', async () => {
    const a = await signUp(t.app);
    const token = tokenOf(a.cookie);
    await setExpiry(token, Date.now() - 1000);
    const res = await me(a.cookie);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/nocturna\.session_token=;.*Max-Age=0/i);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('pushes a session last extended over a day ago back to 30 days and sends the renewed cookie', async () => {
    const a = await signUp(t.app);
    const token = tokenOf(a.cookie);
    await setExpiry(token, Date.now() + 28 * DAY);
    const res = await t.app.inject({ url: '/api/notifications/unread-count', headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/nocturna\.session_token=[^;]+;.*Max-Age=2592000/i);
    const extended = new Date((await sessionRow(token))!.expires_at).getTime();
    expect(extended).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('leaves a session extended less than a day ago as it is', async () => {
    const a = await signUp(t.app);
    const token = tokenOf(a.cookie);
    const at = Date.now() + 29.5 * DAY;
    await setExpiry(token, at);
    const res = await me(a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(new Date((await sessionRow(token))!.expires_at).getTime()).toBe(at);
  });

  it('stops answering a session the moment it is signed out', async () => {
    const a = await signUp(t.app);
    expect((await me(a.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie: a.cookie, origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a.cookie)).statusCode).toBe(401);
  });

  it('stops answering when the person is deleted', async () => {
    const a = await signUp(t.app);
    await t.app.db.deleteFrom('users').where('id', '=', a.id).execute();
    expect((await me(a.cookie)).statusCode).toBe(401);
  });
});
