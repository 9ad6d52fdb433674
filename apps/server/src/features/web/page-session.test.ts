// Every page the server sends says who it was made for (window.__NOCTURNA_SESSION__), so the browser shows the
// signed-in shell without asking /api/auth/get-session or loading better-auth's client first: null for a visitor,
// the person's own fields for someone signed in, never the session's token, and nothing in the offline shell the
// service worker keeps for whoever opens the app. A session due for its extension is extended by the page, whose
// response carries the renewed cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SESSION_GLOBAL, type PageSession } from '@nocturna/shared';
import { signUp } from '../../../test/auth-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../../test/test-app.ts';

const DAY = 86_400_000;
const host = { host: 'nocturna.test' };

function sessionOf(html: string): PageSession | undefined {
  const found = new RegExp(`window\\.${PAGE_SESSION_GLOBAL}=(.*?)</script>`).exec(html);
  return found ? (JSON.parse(found[1]!) as PageSession) : undefined;
}

const tokenOf = (cookie: string) =>
  decodeURIComponent(/nocturna\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

describe.each(DIALECTS)('the session a page is sent with, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const page = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { ...host, cookie } : host });

  it('is null for a visitor, on public and signed-in pages alike', async () => {
    for (const url of ['/', '/eventos', '/tickets']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(sessionOf(res.body), url).toBeNull();
    }
  });

  it("is the signed-in person's own, without the session token, and another person's for another cookie", async () => {
    const ana = await signUp(t.app, { username: 'ana_sesion', firstName: 'Ana', lastName: 'Ruiz' });
    const leo = await signUp(t.app, { username: 'leo_sesion' });
    const [forAna, forLeo] = await Promise.all([page('/eventos', ana.cookie), page('/tickets', leo.cookie)]);
    const anaSession = sessionOf(forAna.body);
    expect(anaSession?.user).toEqual({
      id: ana.id,
      email: ana.email,
      name: expect.any(String) as string,
      username: 'ana_sesion',
      firstName: 'Ana',
      lastName: 'Ruiz',
      image: null,
    });
    expect(new Date(anaSession!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(sessionOf(forLeo.body)?.user.id).toBe(leo.id);
    expect(forAna.body).not.toContain(tokenOf(ana.cookie));
    expect(forAna.headers['set-cookie']).toBeUndefined();
  });

  it('is null for a cookie whose signature does not match, and the offline shell says nothing', async () => {
    const bea = await signUp(t.app);
    expect(sessionOf((await page('/', bea.cookie.replace(/%3D$|=$/, 'A'))).body)).toBeNull();
    const shell = await page('/app-shell', bea.cookie);
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain(PAGE_SESSION_GLOBAL);
  });

  it('extends a session due for it and sends the renewed cookie with the page', async () => {
    const eva = await signUp(t.app);
    const token = tokenOf(eva.cookie);
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 28 * DAY).toISOString() })
      .where('token', '=', token)
      .execute();
    const res = await page('/discotecas', eva.cookie);
    expect(sessionOf(res.body)?.user.id).toBe(eva.id);
    expect(String(res.headers['set-cookie'])).toMatch(/nocturna\.session_token=[^;]+;.*Max-Age=2592000/i);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('keeps a script that cannot be closed by what a person typed in their name', async () => {
    const mal = await signUp(t.app, { firstName: '</script><script>alert(1)</script>' });
    const html = (await page('/', mal.cookie)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(sessionOf(html)?.user.firstName).toBe('</script><script>alert(1)</script>');
  });
});
