import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@nocturna/shared';
import { pinClock } from '../../src/clock.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, freshIp, newProfile } from '../auth-helpers.ts';

const AT = '2026-11-28T21:30:00.000Z';

describe.each(DIALECTS)('consent to the terms at sign-up on %s', (dialect) => {
  let t: TestApp;
  let undoClock: (() => void) | undefined;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(() => undoClock?.());

  const signUp = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() },
      payload,
    });
  const count = async (table: 'users' | 'accounts' | 'sessions') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a sign-up without consent with the field named, and creates nothing', async () => {
    const before = {
      users: await count('users'),
      accounts: await count('accounts'),
      sessions: await count('sessions'),
    };
    for (const acceptTerms of [undefined, false, 'true', 1]) {
      const profile = newProfile({ acceptTerms });
      const response = await signUp(profile);
      expect(response.statusCode, String(acceptTerms)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'TERMS_NOT_ACCEPTED',
        field: 'acceptTerms',
        message: 'You must accept the terms of use and the privacy policy',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      const row = await t.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', profile.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    expect({
      users: await count('users'),
      accounts: await count('accounts'),
      sessions: await count('sessions'),
    }).toEqual(before);
  });

  it('records when consent was given, on the server clock, and the version of the terms', async () => {
    undoClock = pinClock(AT);
    const profile = newProfile();
    const response = await signUp(profile);
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.app.db
      .selectFrom('users')
      .select(['terms_accepted_at', 'terms_version'])
      .where('email', '=', profile.email)
      .executeTakeFirstOrThrow();
    expect(new Date(row.terms_accepted_at!).toISOString()).toBe(AT);
    expect(row.terms_version).toBe(TERMS_VERSION);
  });

  it('takes neither the time nor the version from the request', async () => {
    undoClock = pinClock(AT);
    const profile = newProfile();
    const forged = await signUp({
      ...profile,
      termsAcceptedAt: '2020-01-01T00:00:00.000Z',
      termsVersion: 'old',
    });
    expect(forged.statusCode).toBe(400);
    expect(
      await t.app.db.selectFrom('users').select('id').where('email', '=', profile.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('tells the sign-in forms that Google is off where no OAuth client is configured', async () => {
    const options = await t.app.inject({ url: '/api/sign-in-options' });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ google: false });
  });
});
