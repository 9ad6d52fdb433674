// Settings: the connected Google account, against the local OpenID Connect provider that stands in for
// Google. A signed-in person links a Google account (then either way signs them in) and unlinks it; the only way
// into an account cannot be unlinked; a Google account already linked to someone else is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DIALECTS } from '../../../test/test-app.ts';
import { TEST_ORIGIN, cookieFrom, signIn, signUp } from '../../../test/auth-helpers.ts';
import { signInAtProvider, type OidcPerson } from '../../../test/oidc-stand-in.ts';
import {
  GOOGLE_REDIRECT_URI,
  googleSignIn as signInWithGoogle,
  googleTestApp,
} from '../../../test/google-stand-in.ts';

let n = 0;
function googlePerson(people: Record<string, OidcPerson>, name: string): OidcPerson {
  const sub = `g-link-${process.pid}-${n++}`;
  const person = {
    sub,
    email: `${sub}@gmail.example`,
    email_verified: true,
    given_name: name,
    family_name: 'Google',
    name: `${name} Google`,
  };
  people[sub] = person;
  return person;
}

// Cookies of the person's browser: their session plus what a response set (the OAuth state).
const withCookies = (cookie: string, response: LightMyRequestResponse) =>
  [cookie, cookieFrom(response)].filter(Boolean).join('; ');

describe.each(DIALECTS)('linking a Google account from the settings on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof googleTestApp>>;
  const people: Record<string, OidcPerson> = {};

  beforeAll(async () => {
    t = await googleTestApp(dialect, people);
  });
  afterAll(async () => t.close());

  // The settings page's round trip: our link endpoint, the provider's pages, our callback. Returns where the
  // callback sends the browser.
  async function link(cookie: string, sub: string): Promise<string> {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth2/link',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { providerId: 'google', callbackURL: '/ajustes#google', errorCallbackURL: '/ajustes' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(`${t.issuer}/`)).toBe(true);
    const callback = new URL(await signInAtProvider(url, GOOGLE_REDIRECT_URI, sub));
    const done = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: withCookies(cookie, start) },
    });
    expect(done.statusCode, done.body).toBe(302);
    return String(done.headers.location);
  }

  async function googleSignIn(sub: string): Promise<string> {
    const done = await signInWithGoogle(t.app, t.issuer, sub);
    expect(done.status).toBe(302);
    return done.cookie;
  }

  const account = async (cookie: string) => {
    const response = await t.app.inject({ url: '/api/me/account', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as { hasPassword: boolean; google: { available: boolean; linked: boolean } };
  };
  const providersOf = async (userId: string) =>
    (
      await t.app.db
        .selectFrom('accounts')
        .select(['provider_id', 'account_id'])
        .where('user_id', '=', userId)
        .orderBy('provider_id')
        .execute()
    ).map((a) => `${a.provider_id}:${a.account_id}`);
  const unlink = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/unlink-account',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { providerId: 'google' },
    });

  it('links a Google account with another address, keeps the password, and then signs in either way', async () => {
    const owner = await signUp(t.app);
    const google = googlePerson(people, 'Dueña');
    expect(await account(owner.cookie)).toMatchObject({
      hasPassword: true,
      google: { available: true, linked: false },
    });

    expect(await link(owner.cookie, google.sub)).toBe('/ajustes#google');
    expect(await account(owner.cookie)).toEqual(
      expect.objectContaining({ hasPassword: true, google: { available: true, linked: true } }),
    );
    expect(await providersOf(owner.id)).toEqual([`credential:${owner.id}`, `google:${google.sub}`]);

    // Google now opens this same account, and the password still does.
    const viaGoogle = await googleSignIn(google.sub);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: viaGoogle } });
    expect(me.json().user).toMatchObject({ id: owner.id, email: owner.email });
    expect(await signIn(t.app, owner.email, owner.password)).toMatch(/session_token=/);
  });

  it('unlinks it: the account keeps its password, and Google no longer opens it', async () => {
    const owner = await signUp(t.app);
    const google = googlePerson(people, 'Suelta');
    await link(owner.cookie, google.sub);

    const response = await unlink(owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((await account(owner.cookie)).google.linked).toBe(false);
    expect(await providersOf(owner.id)).toEqual([`credential:${owner.id}`]);

    // Signing in with that Google account now makes a new, separate account.
    const viaGoogle = await googleSignIn(google.sub);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: viaGoogle } })).json();
    expect(me.user.id).not.toBe(owner.id);
    expect(me.user.email).toBe(google.email);
  });

  it('refuses to unlink Google when it is the only way into the account, and changes nothing', async () => {
    const google = googlePerson(people, 'Solo');
    const cookie = await googleSignIn(google.sub);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(await account(cookie)).toMatchObject({ hasPassword: false, google: { linked: true } });

    const response = await unlink(cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FAILED_TO_UNLINK_LAST_ACCOUNT' });
    expect(await providersOf(me.user.id)).toEqual([`google:${google.sub}`]);
    expect((await account(cookie)).google.linked).toBe(true);
  });

  it('refuses a Google account already linked to another person, and leaves both accounts as they were', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const google = googlePerson(people, 'Compartida');
    await link(first.cookie, google.sub);

    const location = await link(second.cookie, google.sub);
    expect(location).toBe('/ajustes?error=account_already_linked_to_different_user');
    expect(await providersOf(first.id)).toEqual([`credential:${first.id}`, `google:${google.sub}`]);
    expect(await providersOf(second.id)).toEqual([`credential:${second.id}`]);
    expect((await account(second.cookie)).google.linked).toBe(false);
    // Google still opens the first person's account, not the second's.
    const viaGoogle = await googleSignIn(google.sub);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: viaGoogle } })).json().user.id).toBe(
      first.id,
    );
  });
});
