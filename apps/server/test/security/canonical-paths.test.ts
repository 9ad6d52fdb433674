// Every guard sees one spelling of the path. Dot segments (`./`, `x/../`, `%2e`), escaped letters (`%61pi`),
// doubled slashes, a trailing slash and other letter cases must not take a request around the sign-in and sign-up
// limits, the per-route limits or the Origin check; a malformed escape in a page's address is a 404, never a 500;
// the absolute links we print never come from the Host header the client sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CONTACT_RATE_LIMIT, SEARCH_RATE_LIMIT } from '@nocturna/shared';
import { canonicalUrl } from '../../src/http/canonical-url.ts';
import { AUTH_RATE_LIMITS } from '../../src/auth/rate-limit.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, freshIp, newProfile, signUp } from '../auth-helpers.ts';
import { buy, ticketEvent } from '../tickets-fixture.ts';

const EVIL = 'https://evil.example';

// The spellings an attacker tries for a path under /api. `routed` ones reach the same handler as the path itself;
// the `unrouted` ones (another letter case; a trailing slash, which better-auth's router does not take) reach no
// handler at all, so they can neither sign in nor count.
function variants(path: string): { routed: string[]; unrouted: string[] } {
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.join('/');
  const last = rest.at(-1)!;
  const head = rest.slice(0, -1).join('/');
  return {
    routed: [
      `/${first}/./${tail}`,
      `/${first}/x/../${tail}`,
      `/${first}/%2e/${tail}`,
      `/${first}/%2E/${head}/%2e/${last}`,
      `/${first}/${head}/./${last}`,
      `/${first}/zz/%2E%2E/${tail}`,
      `/%61pi/${tail}`,
      `/a%70i/${tail}`,
      `/%61%70%69/${tail}`,
      `//${first}//${tail}`,
      `/${first}/${head}//${last}`,
      `/${first}/${head}/${last.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    ],
    unrouted: [`/${first.toUpperCase()}/${tail}`, `/${first}/${tail.toUpperCase()}`, `/${first}/${tail}/`],
  };
}

const codeOf = (res: LightMyRequestResponse) => (res.json() as { error?: { code?: string } }).error?.code;

describe('the canonical URL', () => {
  it('resolves dot segments, decodes escaped unreserved characters and folds doubled slashes', () => {
    expect(canonicalUrl('/api/auth/./sign-in/email')).toBe('/api/auth/sign-in/email');
    expect(canonicalUrl('/api/auth/x/../sign-in/email')).toBe('/api/auth/sign-in/email');
    expect(canonicalUrl('/api/auth/%2e/sign-in/email')).toBe('/api/auth/sign-in/email');
    expect(canonicalUrl('/api/auth/%2E%2E/auth/sign-in/email')).toBe('/api/auth/sign-in/email');
    expect(canonicalUrl('/%61pi/me/profile')).toBe('/api/me/profile');
    expect(canonicalUrl('//api//me///profile')).toBe('/api/me/profile');
    expect(canonicalUrl('/../../etc/passwd')).toBe('/etc/passwd');
    expect(canonicalUrl('/api/events/x/..')).toBe('/api/events/');
    // Reserved characters stay escaped (a `%2F` is not a path separator) and the query is left alone.
    expect(canonicalUrl('/api/search/a%2fb?q=%2e%2e/x')).toBe('/api/search/a%2Fb?q=%2e%2e/x');
    expect(canonicalUrl('/discotecas/%25')).toBe('/discotecas/%25');
    expect(canonicalUrl('*')).toBe('*');
  });
});

describe.each(DIALECTS)('one path for every guard on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp(), ...headers },
      payload: payload as Record<string, unknown>,
    });

  it.each([
    ['/api/auth/sign-in/email', 'email'],
    ['/api/auth/sign-in/username', 'username'],
  ] as const)(
    'counts sign-ins through every spelling of %s against one limit per account',
    async (path, field) => {
      const max = AUTH_RATE_LIMITS.signIn.perAccount.max;
      const { routed, unrouted } = variants(path);
      const user = await signUp(t.app);
      const wrong = { [field]: user[field], password: 'no-es-la-clave' };
      // Attempts through the variants count like attempts through the path itself…
      for (let i = 0; i < max; i++)
        expect((await post(routed[i % routed.length]!, wrong)).statusCode).toBe(401);
      const right = { [field]: user[field], password: user.password };
      expect((await post(path, right)).statusCode).toBe(429);
      // …and once the limit is reached, no spelling signs in, not even with the right password.
      for (const url of routed) expect((await post(url, right)).statusCode, url).toBe(429);
      for (const url of unrouted) expect([404, 429], url).toContain((await post(url, right)).statusCode);

      // The other way round: the limit reached through the path holds for every variant.
      const other = await signUp(t.app);
      for (let i = 0; i < max; i++)
        expect((await post(path, { [field]: other[field], password: 'no-es-la-clave' })).statusCode).toBe(
          401,
        );
      for (const url of routed)
        expect((await post(url, { [field]: other[field], password: other.password })).statusCode, url).toBe(
          429,
        );
    },
  );

  it('counts sign-ups through every spelling of the path against one limit per e-mail', async () => {
    const max = AUTH_RATE_LIMITS.signUp.perAccount.max;
    const { routed, unrouted } = variants('/api/auth/sign-up/email');
    const profile = newProfile();
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await post(routed[i % routed.length]!, profile)).statusCode);
    // The first creates the account; the rest are refused as a taken e-mail, but each one counts.
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    for (const url of ['/api/auth/sign-up/email', ...routed])
      expect((await post(url, profile)).statusCode, url).toBe(429);
    for (const url of unrouted) expect([404, 429], url).toContain((await post(url, profile)).statusCode);
  });

  it('keeps the per-IP sign-in limit whatever spelling each attempt uses', async () => {
    const ip = freshIp();
    const { routed } = variants('/api/auth/sign-in/email');
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.perIp.max; i++) {
      const res = await post(
        routed[i % routed.length]!,
        { email: `nadie${i}@example.com`, password: 'x1' },
        { 'x-forwarded-for': ip },
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/sign-in/email',
      { email: 'otra@example.com', password: 'x1' },
      { 'x-forwarded-for': ip },
    );
    expect(blocked.statusCode).toBe(429);
  });

  it('counts the contact form through every spelling against one limit per address', async () => {
    const ip = freshIp();
    const { routed } = variants('/api/contact');
    const message = {
      name: 'Marta',
      email: 'marta@example.com',
      topic: 'general',
      message: 'Hola, ¿a qué hora abrís el sábado? Gracias.',
    };
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++)
      expect((await post(routed[i]!, message, { 'x-forwarded-for': ip })).statusCode, routed[i]).toBe(201);
    expect((await post('/api/contact', message, { 'x-forwarded-for': ip })).statusCode).toBe(429);
    expect((await post(routed.at(-1)!, message, { 'x-forwarded-for': ip })).statusCode).toBe(429);
  });

  it('counts signed-out searches through every spelling against one limit per address', async () => {
    const ip = freshIp();
    const { routed } = variants('/api/search');
    const search = (url: string) =>
      t.app.inject({ method: 'GET', url: `${url}?q=techno`, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < SEARCH_RATE_LIMIT.max; i++) {
      const url = routed[i % routed.length]!;
      expect((await search(url)).statusCode, url).toBe(200);
    }
    expect((await search('/api/search')).statusCode).toBe(429);
    for (const url of routed) expect((await search(url)).statusCode, url).toBe(429);
  });

  it('refuses a write from a foreign origin through every spelling of the path, and changes nothing', async () => {
    const user = await signUp(t.app);
    const { routed, unrouted } = variants('/api/me/profile');
    const bio = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie: user.cookie } })
        ).json() as { bio: string | null }
      ).bio;
    const before = await bio();
    for (const url of [...routed, ...unrouted]) {
      const foreign = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { origin: EVIL, cookie: user.cookie },
        payload: { bio: 'pwned' },
      });
      expect(foreign.statusCode, url).toBe(403);
      expect(codeOf(foreign), url).toBe('FORBIDDEN_ORIGIN');
      // A cookie with no Origin at all is refused the same way.
      const bare = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { cookie: user.cookie },
        payload: { bio: 'pwned' },
      });
      expect(bare.statusCode, url).toBe(403);
    }
    expect(await bio()).toBe(before);
    // Through better-auth's own endpoints too.
    for (const url of variants('/api/auth/update-user').routed) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: EVIL, cookie: user.cookie },
        payload: { name: 'Pwned' },
      });
      expect(res.statusCode, url).toBe(403);
    }
    // The same request from our own origin goes through, so the refusals above were the Origin check's.
    const own = await t.app.inject({
      method: 'PATCH',
      url: variants('/api/me/profile').routed[0]!,
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { bio: 'De Lavapiés' },
    });
    expect(own.statusCode).toBe(200);
    expect(await bio()).toBe('De Lavapiés');
  });

  it('checks the Origin of every state-changing operation of the API under an escaped spelling', async () => {
    const user = await signUp(t.app);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const concrete = path.replace(/\{[^}]+\}/g, '0190d4c5-0000-7000-8000-000000000000');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: concrete.replace(/^\/api\//, '/%61pi/./'),
          headers: { origin: EVIL, cookie: user.cookie },
          payload: {},
        });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('answers a page with a malformed address with 404, a doubly escaped one like any unknown page, the API with 400', async () => {
    for (const url of ['/eventos/%zz', '/discotecas/%E0%A4%A', '/evento/%C0/live', '/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // `%25` is a well-formed `%`: a club or event of that name does not exist, and the page says so as it does for
    // any other unknown name (once decoded, it is never decoded a second time).
    for (const [url, unknown] of [
      ['/discotecas/%25', '/discotecas/no-existe'],
      ['/discoteca/%25', '/discoteca/no-existe'],
      ['/eventos/%25', '/eventos/no-existe'],
      ['/evento/%25', '/evento/no-existe'],
      ['/evento/%25/live', '/evento/no-existe/live'],
      ['/event/%25', '/event/no-existe'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.statusCode, url).toBe((await t.app.inject({ method: 'GET', url: unknown })).statusCode);
    }
    for (const url of ['/api/events/%zz', '/api/clubs/%E0%A4%A', '/api/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe.each(DIALECTS)('the links we print on %s', (dialect) => {
  let local: TestApp;
  let hosted: TestApp;
  beforeAll(async () => {
    local = await createTestApp(dialect, { publicUrl: undefined });
    hosted = await createTestApp(dialect, { publicUrl: 'https://nocturna.example' });
  });
  afterAll(async () => {
    await local?.close();
    await hosted?.close();
  });

  const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it('starts with http://localhost:$PORT without PUBLIC_URL, and with PUBLIC_URL when set, whatever the Host', async () => {
    for (const [t, origin] of [
      [local, `http://localhost:${local.config.port}`],
      [hosted, 'https://nocturna.example'],
    ] as const) {
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: hostile });
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: hostile });
      expect(sitemap.body).not.toContain('evil.example');
      const page = await t.app.inject({ method: 'GET', url: '/eventos', headers: hostile });
      expect(page.body).not.toContain('evil.example');
      expect(page.body).toContain(`${origin}/`);

      const ev = await ticketEvent(t.app.db, { types: [{ name: 'Lista', priceCents: 0, capacity: 10 }] });
      const buyer = await signUp(t.app, {}, origin);
      const bought = await buy(t.app, buyer, { ticketTypeId: ev.typeId(0), quantity: 1 }, undefined, origin);
      expect(bought.statusCode).toBe(201);
      const ticketId = (bought.json() as { tickets: { id: string }[] }).tickets[0]!.id;
      const ics = await t.app.inject({
        method: 'GET',
        url: `/api/tickets/${ticketId}/calendar.ics`,
        headers: { ...hostile, cookie: buyer.cookie },
      });
      expect(ics.statusCode).toBe(200);
      expect(ics.body).not.toContain('evil.example');
      expect(ics.body).toContain(`${origin}/evento/`);
    }
  });
});
