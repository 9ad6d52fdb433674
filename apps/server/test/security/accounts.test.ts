// What an account may be changed to, through better-auth's own endpoints as well as ours: a name under the same
// rule as first and last names, a photo that is our own upload or Google's, and a body of the wrong JSON types
// refused with 400 before anything reaches the database (it used to reach node:sqlite as named parameters).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, freshIp, newProfile, signUp } from '../auth-helpers.ts';
import { googleSignIn, googleTestApp } from '../google-stand-in.ts';
import type { OidcPerson } from '../oidc-stand-in.ts';

const GOOGLE_PHOTO = 'https://lh3.googleusercontent.com/a/ACg8ocJ-Lw4Zt1x9=s96-c';

type Refusal = { code: string; message: string; field?: string };

describe.each(DIALECTS)('validated accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  // The body goes out exactly as written: `null`, an array or an object with operators in it.
  const send = (url: string, body: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        'x-forwarded-for': freshIp(),
        ...(cookie ? { cookie } : {}),
      },
      payload: body,
    });
  const updateUser = (cookie: string, body: unknown) =>
    send('/api/auth/update-user', JSON.stringify(body), cookie);

  const userRow = (id: string) =>
    t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const publicProfile = async (id: string) =>
    (await t.app.inject({ url: `/api/users/${id}/profile` })).json() as { name: string; avatarUrl: string };

  async function uploadAvatar(cookie: string): Promise<string> {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b0125b' } })
      .jpeg()
      .toBuffer();
    const boundary = `----nocturna${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { avatarUrl: string }).avatarUrl;
  }

  // A refused change names its field, says why in words, and leaves the account and its public profile as
  // they were.
  async function expectRefused(body: unknown, field: string | undefined, words: RegExp) {
    const person = await signUp(t.app);
    const before = await userRow(person.id);
    const profileBefore = await publicProfile(person.id);
    const response = await send(
      '/api/auth/update-user',
      typeof body === 'string' ? body : JSON.stringify(body),
      person.cookie,
    );
    expect(response.statusCode, response.body).toBe(400);
    const refusal = response.json() as Refusal;
    expect(refusal.field).toBe(field);
    expect(refusal.message).toMatch(words);
    expect(await userRow(person.id)).toEqual(before);
    expect(await publicProfile(person.id)).toEqual(profileBefore);
  }

  describe('update-user photo', () => {
    it.each([
      ['a javascript: URL', 'javascript:alert(document.cookie)'],
      ['a tracker on another host', 'https://tracker.example/p.png'],
      ['a protocol-relative URL', '//evil.example/p.png'],
      ['a data: URL', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
      ['Google photos over plain http', 'http://lh3.googleusercontent.com/a/x=s96-c'],
      ['a host that only starts like Google', 'https://lh3.googleusercontent.com.evil.example/a'],
      ['a host that only ends like Google', 'https://evil-lh3.googleusercontent.com/a'],
      ['Google with credentials in the URL', 'https://user:pw@lh3.googleusercontent.com/a'],
      ['a path outside the avatars', '/media/wall/0190a0a0-0000-7000-8000-000000000000.webp'],
      ['an avatar path with a way out', '/media/avatars/../../api/me'],
      ['an empty string', ''],
      ['a number', 42],
      ['an object', { $ne: 1 }],
      ['an array', ['/media/avatars/a.webp']],
    ])('refuses %s', async (_label, image) => {
      await expectRefused({ image }, 'image', /photo/i);
    });

    it("refuses another person's uploaded photo", async () => {
      const someone = await signUp(t.app);
      const theirs = await uploadAvatar(someone.cookie);
      await expectRefused({ image: theirs }, 'image', /photo/i);
    });

    it('accepts a Google photo, its own uploaded photo, and no photo', async () => {
      const person = await signUp(t.app);
      const google = await updateUser(person.cookie, { image: GOOGLE_PHOTO });
      expect(google.statusCode, google.body).toBe(200);
      expect((await userRow(person.id)).image).toBe(GOOGLE_PHOTO);

      const own = await uploadAvatar(person.cookie);
      const again = await updateUser(person.cookie, { image: own });
      expect(again.statusCode, again.body).toBe(200);
      expect((await userRow(person.id)).image).toBe(own);
      expect((await publicProfile(person.id)).avatarUrl).toBe(own);

      const cleared = await updateUser(person.cookie, { image: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((await userRow(person.id)).image).toBeNull();
    });
  });

  describe('update-user name', () => {
    it.each([
      ['3,000 characters', 'x'.repeat(3000)],
      ['an empty name', ''],
      ['only spaces', '   '],
      ['a number', 7],
      ['null', null],
      ['an operator object', { $ne: 1 }],
      ['an empty object', {}],
      ['an array', ['a']],
    ])('refuses %s', async (_label, name) => {
      await expectRefused({ name }, 'name', /name/i);
    });

    it('refuses first and last names of the wrong type or length with the field named', async () => {
      await expectRefused({ firstName: { $gt: '' } }, 'firstName', /first name/i);
      await expectRefused({ lastName: 'y'.repeat(61) }, 'lastName', /last name/i);
      await expectRefused({ username: ['ana'] }, 'username', /username/i);
    });

    it('refuses fields that cannot be changed here, by name', async () => {
      await expectRefused({ displayUsername: '<img src=x onerror=alert(1)>' }, 'displayUsername', /changed/i);
      await expectRefused({ emailVerified: true }, 'emailVerified', /changed/i);
      await expectRefused({ name: 'Ana Sol', role: 'admin' }, 'role', /changed/i);
    });

    it('accepts a name like a first and a last name, and keeps the search text in step', async () => {
      const person = await signUp(t.app);
      const response = await updateUser(person.cookie, { name: '  Lola   Flores ' });
      expect(response.statusCode, response.body).toBe(200);
      const row = await userRow(person.id);
      expect(row.name).toBe('Lola   Flores');
      expect(row.search_text).toContain('lola');
    });
  });

  describe('update-user bodies of the wrong shape', () => {
    it.each([
      ['null', 'null'],
      ['an array', '["a"]'],
      ['a string', '"a"'],
      ['a number', '1'],
    ])('answers %s with 400 and changes nothing', async (_label, body) => {
      await expectRefused(body, undefined, /object|JSON/i);
    });
  });

  describe('sign-up', () => {
    const signUpWith = (overrides: Record<string, unknown>) =>
      send('/api/auth/sign-up/email', JSON.stringify(newProfile(overrides)));
    const accountsFor = async (email: string) =>
      (await t.app.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

    it.each([
      ['a javascript: URL', { image: 'javascript:alert(1)' }, 'image'],
      ['a tracker photo', { image: 'https://tracker.example/p.png' }, 'image'],
      ['an uploaded-photo path it cannot own yet', { image: '/media/avatars/x.webp' }, 'image'],
      ['a photo of the wrong type', { image: { $ne: 1 } }, 'image'],
      ['a 3,000-character name', { name: 'x'.repeat(3000) }, 'name'],
      ['an empty name', { name: '' }, 'name'],
      ['a name of the wrong type', { name: { $ne: 1 } }, 'name'],
      ['a first name of the wrong type', { firstName: ['Ana'] }, 'firstName'],
    ])('refuses %s and creates no account', async (_label, overrides, field) => {
      const email = `alta.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
      const response = await signUpWith({ ...overrides, email });
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as Refusal).field).toBe(field);
      expect(await accountsFor(email)).toBe(0);
    });

    it('accepts a Google photo', async () => {
      const email = `alta.google.${Date.now()}@example.com`;
      const response = await signUpWith({ email, image: GOOGLE_PHOTO });
      expect(response.statusCode, response.body).toBe(200);
      const row = await t.app.db
        .selectFrom('users')
        .select('image')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.image).toBe(GOOGLE_PHOTO);
    });
  });

  describe('the profile page', () => {
    it.each([
      ['a first name of the wrong type', { firstName: { $ne: 1 } }, 'firstName'],
      ['a 3,000-character last name', { lastName: 'y'.repeat(3000) }, 'lastName'],
      ['an empty first name', { firstName: '  ' }, 'firstName'],
      ['a photo, which only the upload sets', { avatarUrl: 'https://tracker.example/p.png' }, 'avatarUrl'],
    ])('refuses %s with the field named and changes nothing', async (_label, body, field) => {
      const person = await signUp(t.app);
      const before = await userRow(person.id);
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json() as { error: Refusal };
      expect(error.field ?? error.message).toContain(field);
      expect(await userRow(person.id)).toEqual(before);
    });
  });

  describe('other auth endpoints', () => {
    it.each([
      ['/api/auth/sign-in/email', { email: { $ne: 1 }, password: { $ne: 1 } }],
      ['/api/auth/sign-in/username', { username: { $ne: 1 }, password: 'x' }],
      ['/api/auth/change-password', { currentPassword: { $ne: 1 }, newPassword: ['a'] }],
      ['/api/auth/change-email', { newEmail: { $ne: 1 } }],
      ['/api/auth/request-password-reset', { email: ['a@b.c'] }],
      ['/api/auth/reset-password', { token: { $ne: 1 }, newPassword: 'Otra-noche-en-Sol-77' }],
      ['/api/auth/is-username-available', { username: { $ne: 1 } }],
    ])('answers wrong types to %s with 400, never 500', async (url, body) => {
      const person = await signUp(t.app);
      const before = await userRow(person.id);
      const response = await send(url, JSON.stringify(body), person.cookie);
      expect(response.statusCode, response.body).toBe(400);
      expect(await userRow(person.id)).toEqual(before);
    });
  });
});

// Google sign-in stores the photo Google gives; a profile whose photo lives anywhere else gets none.
describe.each(DIALECTS)('photos from Google sign-in on %s', (dialect) => {
  const people: Record<string, OidcPerson> = {
    google: {
      sub: 'g-photo',
      email: 'foto@gmail.example',
      email_verified: true,
      given_name: 'Foto',
      family_name: 'Google',
      name: 'Foto Google',
      picture: GOOGLE_PHOTO,
    },
    elsewhere: {
      sub: 'g-tracker',
      email: 'rastreo@gmail.example',
      email_verified: true,
      given_name: 'Rastreo',
      family_name: 'Fuera',
      name: 'Rastreo Fuera',
      picture: 'https://tracker.example/p.png',
    },
  };
  let t: Awaited<ReturnType<typeof googleTestApp>>;
  beforeAll(async () => {
    t = await googleTestApp(dialect, people);
  });
  afterAll(async () => t.close());

  const imageOf = async (email: string) =>
    (await t.app.db.selectFrom('users').select('image').where('email', '=', email).executeTakeFirstOrThrow())
      .image;

  it("keeps Google's photo and drops one from another host", async () => {
    expect((await googleSignIn(t.app, t.issuer, 'g-photo')).status).toBe(302);
    expect(await imageOf('foto@gmail.example')).toBe(GOOGLE_PHOTO);
    expect((await googleSignIn(t.app, t.issuer, 'g-tracker')).status).toBe(302);
    expect(await imageOf('rastreo@gmail.example')).toBeNull();
  });
});
