import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@nocturna/shared';
import { pinClock } from '../../src/clock.ts';
import { DIALECTS } from '../test-app.ts';
import { TEST_ORIGIN, signUp } from '../auth-helpers.ts';
import type { OidcPerson } from '../oidc-stand-in.ts';
import { googleSignIn as signInWithGoogle, googleTestApp } from '../google-stand-in.ts';

const CONSENT_AT = '2026-11-28T22:15:00.000Z';

const people: Record<string, OidcPerson> = {
  newcomer: {
    sub: 'g-newcomer',
    email: 'nuevo@gmail.example',
    email_verified: true,
    given_name: 'Nuria',
    family_name: 'Vega',
    name: 'Nuria Vega',
  },
};

describe.each(DIALECTS)('Google sign-in through OpenID Connect on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof googleTestApp>>;

  beforeAll(async () => {
    t = await googleTestApp(dialect, people);
  });
  afterAll(async () => t.close());

  // The whole round trip. Returns the session cookie and where the callback sends the browser.
  async function googleSignIn(sub: string): Promise<{ cookie: string; location: string }> {
    const done = await signInWithGoogle(t.app, t.issuer, sub);
    expect(done.status).toBe(302);
    return done;
  }

  it('tells the sign-in forms that Google is offered', async () => {
    const options = await t.app.inject({ url: '/api/sign-in-options' });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ google: true });
  });

  it('creates a new account from a new Google user, who still has to choose a username and complete the profile', async () => {
    const { cookie, location } = await googleSignIn('g-newcomer');
    expect(location).toBe('/perfil');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email: 'nuevo@gmail.example',
      name: 'Nuria Vega',
      firstName: 'Nuria',
      lastName: 'Vega',
      username: null,
      profileComplete: false,
    });
    const account = await t.app.db
      .selectFrom('accounts')
      .selectAll()
      .where('provider_id', '=', 'google')
      .executeTakeFirstOrThrow();
    expect(account.account_id).toBe('g-newcomer');

    const profile = {
      username: 'Nuria_V',
      phoneNumber: '+34 611 222 333',
      dateOfBirth: '1998-02-01',
      gender: 'female',
    };
    const complete = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: TEST_ORIGIN, cookie },
        payload,
      });
    const consentOf = () =>
      t.app.db
        .selectFrom('users')
        .select(['username', 'terms_accepted_at', 'terms_version'])
        .where('email', '=', 'nuevo@gmail.example')
        .executeTakeFirstOrThrow();
    // Completing the profile is where a Google account accepts the terms: without it, nothing is saved.
    const refused = await complete(profile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TERMS_NOT_ACCEPTED', field: 'acceptTerms' });
    expect(await consentOf()).toEqual({ username: null, terms_accepted_at: null, terms_version: null });

    const undoClock = pinClock(CONSENT_AT);
    try {
      const update = await complete({ ...profile, acceptTerms: true });
      expect(update.statusCode, update.body).toBe(200);
    } finally {
      undoClock();
    }
    const after = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(after.user).toMatchObject({ username: 'Nuria_V', profileComplete: true });
    const consent = await consentOf();
    expect(new Date(consent.terms_accepted_at!).toISOString()).toBe(CONSENT_AT);
    expect(consent.terms_version).toBe(TERMS_VERSION);

    // Later changes neither ask for it again nor move the recorded time.
    const later = await complete({ firstName: 'Nuri', acceptTerms: true });
    expect(later.statusCode, later.body).toBe(200);
    expect(new Date((await consentOf()).terms_accepted_at!).toISOString()).toBe(CONSENT_AT);
  });

  it('lands a Google user with the same verified e-mail in the existing account, ending the unverified password', async () => {
    const existing = await signUp(t.app, { email: 'misma@gmail.example', username: 'misma_cuenta' });
    people['same'] = {
      sub: 'g-same',
      email: 'misma@gmail.example',
      email_verified: true,
      given_name: 'Misma',
      family_name: 'Persona',
      name: 'Misma Persona',
    };
    const { cookie } = await googleSignIn('g-same');
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(me.user.id).toBe(existing.id);
    expect(me.user.username).toBe('misma_cuenta');
    const accounts = await t.app.db
      .selectFrom('accounts')
      .select('provider_id')
      .where('user_id', '=', existing.id)
      .orderBy('provider_id')
      .execute();
    // The password was set by someone who never proved the address: it no longer opens the account.
    expect(accounts.map((a) => a.provider_id)).toEqual(['google']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: existing.cookie } })).statusCode).toBe(
      401,
    );
    const withPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: existing.email, password: existing.password },
    });
    expect(withPassword.statusCode).toBe(401);
  });

  it('refuses a Google profile update to a username someone else holds', async () => {
    people['third'] = {
      sub: 'g-third',
      email: 'tercera@gmail.example',
      email_verified: true,
      given_name: 'Tere',
      family_name: 'Sol',
      name: 'Tere Sol',
    };
    await signUp(t.app, { username: 'ocupado' });
    const { cookie } = await googleSignIn('g-third');
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { username: 'OCUPADO', acceptTerms: true },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().code).toBe('USERNAME_IS_ALREADY_TAKEN');
  });
});
