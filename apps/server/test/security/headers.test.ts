// Security headers: one test per rule, on the real app serving a small built web app, and the
// Origin rule for cookie-carrying writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, signUp } from '../auth-helpers.ts';

const ASSET = '/assets/index-AbC123xy.js';

function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="es"><head><!--app-meta--><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, ASSET), 'console.log("nocturna")');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Nocturna"}');
  return dir;
}

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  let t: TestApp;
  let https: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = builtWebApp();
    t = await createTestApp('sqlite', { webDist: dist });
    https = await createTestApp('sqlite', { webDist: dist, publicUrl: 'https://nocturna.example' });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, app = t) => app.app.inject({ method: 'GET', url });

  it('sends a Content-Security-Policy whose scripts come from this origin or carry a fresh nonce, never inline', async () => {
    for (const url of ['/', '/eventos', '/api/health']) {
      const csp = (await get(url)).headers['content-security-policy'];
      expect(typeof csp).toBe('string');
      const d = directives(csp as string);
      const scripts = d.get('script-src')!;
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.filter((s) => /^'nonce-[A-Za-z0-9+/=]{20,}'$/.test(s))).toHaveLength(1);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'self'"]);
    }
    const nonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    const [a, b] = await Promise.all([get('/'), get('/')]);
    expect(nonce(a.headers['content-security-policy'])).not.toBe(nonce(b.headers['content-security-policy']));
  });

  it('refuses to be framed (frame-ancestors none and X-Frame-Options DENY)', async () => {
    const res = await get('/');
    expect(directives(String(res.headers['content-security-policy'])).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('tells browsers not to sniff content types', async () => {
    expect((await get('/')).headers['x-content-type-options']).toBe('nosniff');
    expect((await get(ASSET)).headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends Referrer-Policy strict-origin-when-cross-origin', async () => {
    expect((await get('/')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets only the door and live-wall pages use the camera', async () => {
    const camera = async (url: string) =>
      /(?:^|,\s*)camera=\(([^)]*)\)/.exec(String((await get(url)).headers['permissions-policy']))?.[1];
    for (const url of ['/puerta', '/puerta/ev_123', '/event/ev_123', '/evento/ev_123/live'])
      expect(await camera(url), url).toBe('self');
    for (const url of ['/', '/eventos/ev_123', '/tickets', '/puerta/ev_123/otra', '/api/health'])
      expect(await camera(url), url).toBe('');
    expect(String((await get('/')).headers['permissions-policy'])).toContain('microphone=()');
    expect(String((await get('/puerta')).headers['permissions-policy'])).toContain('geolocation=()');
  });

  it('sends HSTS (and upgrades insecure requests) only when PUBLIC_URL is https', async () => {
    const secure = await get('/', https);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(
      directives(String(secure.headers['content-security-policy'])).has('upgrade-insecure-requests'),
    ).toBe(true);
    const plain = await get('/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(
      directives(String(plain.headers['content-security-policy'])).has('upgrade-insecure-requests'),
    ).toBe(false);
  });

  it('caches hashed assets for a year as immutable, and never caches HTML, the service worker or the manifest', async () => {
    const asset = await get(ASSET);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/eventos', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('lets the explore map reach its online style (MAP_STYLE_URL) and no other origin, and none when it is off', async () => {
    const onDefault = directives(String((await get('/explorar')).headers['content-security-policy']));
    expect(onDefault.get('connect-src')).toEqual(["'self'", 'https://tiles.openfreemap.org']);
    expect(onDefault.get('img-src')).toContain('https://tiles.openfreemap.org');
    expect((await get('/api/explore/map')).json()).toEqual({
      styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
    });
    const own = await createTestApp('sqlite', { webDist: dist, mapStyleUrl: 'http://127.0.0.1:8099/s.json' });
    const offline = await createTestApp('sqlite', {
      webDist: dist,
      mapStyleUrl: loadConfig({ MAP_STYLE_URL: 'off' }).mapStyleUrl,
    });
    try {
      const ownCsp = directives(String((await get('/explorar', own)).headers['content-security-policy']));
      expect(ownCsp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8099']);
      expect((await get('/api/explore/map', own)).json()).toEqual({
        styleUrl: 'http://127.0.0.1:8099/s.json',
      });
      const offCsp = directives(String((await get('/explorar', offline)).headers['content-security-policy']));
      expect(offCsp.get('connect-src')).toEqual(["'self'"]);
      expect((await get('/api/explore/map', offline)).json()).toEqual({ styleUrl: null });
      expect(() => loadConfig({ MAP_STYLE_URL: 'ftp://tiles.example/style.json' })).toThrow(/MAP_STYLE_URL/);
    } finally {
      await own.close();
      await offline.close();
    }
  });

  it('gives Swagger UI a policy of its own that still forbids framing', async () => {
    const res = await get('/api/docs/');
    expect(res.statusCode).toBe(200);
    const d = directives(String(res.headers['content-security-policy']));
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('script-src')).toContain("'self'");
  });
});

describe('writes that carry the session cookie', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(async () => t.close());

  const patchProfile = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers, payload: { bio: 'De Lavapiés' } });

  it('are refused without an Origin header, like a foreign origin, and change nothing', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } })
    ).json();
    const missing = await patchProfile({ cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('FORBIDDEN_ORIGIN');
    const foreign = await patchProfile({ cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN_ORIGIN');
    const after = (await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } })).json();
    expect(after).toEqual(before);
  });

  it('are accepted from the app’s own origin', async () => {
    const res = await patchProfile({ cookie, origin: TEST_ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toBe('De Lavapiés');
  });

  it('without a cookie are left to the route (401 here), not refused for the missing Origin', async () => {
    const res = await patchProfile({});
    expect(res.statusCode).toBe(401);
  });
});
