import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, cookieFrom, freshIp, newProfile, signIn, signUp } from '../auth-helpers.ts';
import { ensureDemoUsers, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/madrid.ts';

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp(), ...headers },
    });

  it('saves the whole sign-up profile with the account in one step', async () => {
    const user = await signUp(t.app, {
      firstName: 'Lola',
      lastName: 'Flores',
      username: 'Lola.Flores',
      gender: 'prefer-not-to-say',
    });
    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Lola Flores',
      first_name: 'Lola',
      last_name: 'Flores',
      username: 'lola.flores',
      display_username: 'Lola.Flores',
      phone_number: '+34 600 000 000',
      date_of_birth: '1995-06-15',
      gender: 'prefer-not-to-say',
    });
    expect(row.search_text).toContain('lola flores');
  });

  it('stores the password as argon2id at OWASP parameters', async () => {
    const user = await signUp(t.app);
    const account = await t.app.db
      .selectFrom('accounts')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.provider_id).toBe('credential');
    expect(account.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account.password).not.toContain(user.password);
  });

  it('refuses one of the 3,000 most common passwords and short passwords', async () => {
    const common = await post('/api/auth/sign-up/email', newProfile({ password: 'qwerty123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    const short = await post('/api/auth/sign-up/email', newProfile({ password: 'ab1' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('refuses a missing or malformed profile field with the field named', async () => {
    const noPhone = await post('/api/auth/sign-up/email', { ...newProfile(), phoneNumber: undefined });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'phoneNumber' });
    const badGender = await post('/api/auth/sign-up/email', newProfile({ gender: 'robot' }));
    expect(badGender.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'gender' });
    const shortName = await post('/api/auth/sign-up/email', newProfile({ username: 'ab' }));
    expect(shortName.json()).toMatchObject({
      field: 'username',
      message: 'Username must be at least 3 characters',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await post('/api/auth/sign-up/email', newProfile({ firstName: 'x'.repeat(40_000) }));
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('answers username availability for real, ignoring case', async () => {
    await signUp(t.app, { username: 'NocheMadrid' });
    const check = async (username: string) =>
      (
        await t.app.inject({
          url: `/api/users/username-availability?username=${encodeURIComponent(username)}`,
        })
      ).json();
    expect(await check('nochemadrid')).toMatchObject({
      available: false,
      reason: 'taken',
      message: 'Username is already taken',
    });
    expect(await check('NOCHEMADRID')).toMatchObject({ available: false, reason: 'taken' });
    expect(await check('noche_libre')).toMatchObject({ available: true });
    expect(await check('ab')).toMatchObject({
      available: false,
      reason: 'invalid',
      message: 'Username must be at least 3 characters',
    });
    expect(await check('con espacio')).toMatchObject({ available: false, reason: 'invalid' });
  });

  it('lets exactly one of several concurrent sign-ups take a username; the others get a clear 4xx', async () => {
    const attempts = await Promise.all(
      ['Gato', 'gato', 'GATO', 'gAto', 'gatO'].map((username) =>
        post('/api/auth/sign-up/email', newProfile({ username })),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const loser of attempts.filter((r) => r.statusCode !== 200)) {
      // 400 when the availability check saw the winner, 422 when the unique index decided.
      expect([400, 422]).toContain(loser.statusCode);
      expect(loser.json().code).toBe('USERNAME_IS_ALREADY_TAKEN');
    }
    const rows = await t.app.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', 'gato'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a second account with the same e-mail', async () => {
    const first = await signUp(t.app);
    const again = await post('/api/auth/sign-up/email', newProfile({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
  });

  it('signs in, keeps the session in the database as an httpOnly SameSite cookie, and signs out on the server', async () => {
    const user = await signUp(t.app);
    const response = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieFrom(response);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    expect(
      await t.app.db.selectFrom('sessions').select('id').where('token', '=', token).executeTakeFirst(),
    ).toBeDefined();

    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, email: user.email, profileComplete: true });
    expect(new Date(me.json().session.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('sessions').select('id').where('token', '=', token).executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('signs in by username too', async () => {
    const user = await signUp(t.app, { username: 'Sala_Sol' });
    const response = await post('/api/auth/sign-in/username', {
      username: 'sala_sol',
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('says the same thing for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(t.app);
    const wrong = await post('/api/auth/sign-in/email', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nadie@example.com',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a foreign Origin and accepts both local names of the app', async () => {
    const user = await signUp(t.app);
    const foreign = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN_ORIGIN');
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const other = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { origin: 'http://127.0.0.1:3000' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('lets every demo account sign in with the demo password and hold its role', async () => {
    await ensureDemoUsers(t.app.db);
    await ensureDemoUsers(t.app.db); // safe to run twice
    for (const account of DEMO_ACCOUNTS) {
      const cookie = await signIn(t.app, account.email, DEMO_PASSWORD);
      const roles = (await t.app.inject({ url: '/api/me/roles', headers: { cookie } })).json().roles;
      expect(roles).toEqual(account.role ? [account.role] : []);
    }
  });
});
