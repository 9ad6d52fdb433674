// The public pages as a search engine or a link preview sees them, without running any JavaScript: the
// server-rendered HTML carries the event's name, prices and schema.org JSON-LD (checked against the schema.org
// shapes Google reads), canonical and hreflang links; unknown pages answer 404; signed-in pages are the bare
// shell and kept out of search engines; the sitemap lists clubs, upcoming events and public DJ profiles.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { signUp } from '../auth-helpers.ts';
import { DIALECTS, type TestApp } from '../test-app.ts';
import { createRenderedPagesApp, rendererFile } from './rendered-pages-app.ts';

const url = z.url();
const isoDate = z.iso.datetime({ offset: true });
const schemaOrg = (name: string) => z.literal(`https://schema.org/${name}`);
const postalAddress = z.object({
  '@type': z.literal('PostalAddress'),
  streetAddress: z.string().min(1),
  addressLocality: z.string().min(1),
  addressCountry: z.string().length(2),
});
const geo = z.object({ '@type': z.literal('GeoCoordinates'), latitude: z.number(), longitude: z.number() });
// schema.org/Event with what Google's event rich result requires (name, startDate, location with an address)
// and the offers it recommends (price as a number in text, ISO 4217 currency, availability as a schema.org URL).
const eventShape = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Event'),
  name: z.string().min(1),
  url,
  image: z.array(url).min(1),
  description: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  eventStatus: z.union([schemaOrg('EventScheduled'), schemaOrg('EventCancelled')]),
  eventAttendanceMode: schemaOrg('OfflineEventAttendanceMode'),
  location: z.object({
    '@type': z.literal('NightClub'),
    name: z.string().min(1),
    url,
    address: postalAddress,
    geo,
  }),
  organizer: z.object({ '@type': z.literal('Organization'), name: z.string(), url }),
  performer: z.array(z.object({ '@type': z.literal('PerformingGroup'), name: z.string().min(1) })),
  offers: z
    .array(
      z.object({
        '@type': z.literal('Offer'),
        name: z.string(),
        url,
        price: z.string().regex(/^\d+\.\d{2}$/),
        priceCurrency: z.literal('EUR'),
        availability: z.union([
          schemaOrg('InStock'),
          schemaOrg('SoldOut'),
          schemaOrg('PreOrder'),
          schemaOrg('Discontinued'),
        ]),
      }),
    )
    .min(1),
});
const time = z.string().regex(/^\d{2}:\d{2}$/);
const nightClubShape = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('NightClub'),
  name: z.string().min(1),
  url,
  image: url,
  address: postalAddress,
  geo,
  priceRange: z.string(),
  openingHoursSpecification: z
    .array(
      z.object({
        '@type': z.literal('OpeningHoursSpecification'),
        dayOfWeek: z.array(z.string().startsWith('https://schema.org/')).min(1),
        opens: time,
        closes: time,
      }),
    )
    .length(1),
});

const jsonLdOf = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as unknown,
  );
const linkHref = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(
    html,
  )?.[1];
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<\/body>|<div id="root">(.*?)<\/div>/.exec(html);

describe.each(DIALECTS)('server-rendered public pages on %s', (dialect) => {
  let t: TestApp;
  let eventId: string;
  let djId: string;
  let visitor: { cookie: string };
  const host = { host: 'nocturna.test' };

  beforeAll(async () => {
    t = await createRenderedPagesApp(dialect);
    const db = t.app.db;
    const clubId = await insertClub(db, {
      slug: 'sala-vesta',
      name: 'Sala Vesta',
      barrio: 'Malasaña',
      address: 'Calle del Pez 12, 28004 Madrid',
      openingDays: ['FRI', 'SAT'],
      openingHours: '00:30–06:00',
      priceRange: '12–18 €',
      description: 'Techno en un sótano.',
    });
    const start = new Date(Date.now() + 24 * 3600_000);
    const end = new Date(start.getTime() + 6 * 3600_000);
    eventId = await insertEvent(
      db,
      {
        slug: 'vesta-after-dark',
        clubId,
        name: 'Vesta After Dark',
        description: 'Techno hasta el amanecer.',
        startAt: start,
        endAt: end,
        lineup: [{ djName: 'Irene K' }],
        ticketTypes: [
          { name: 'Anticipada', priceCents: 1500, capacity: 100, kind: 'door' },
          { name: 'Lista', priceCents: 0, capacity: 1, kind: 'free' },
        ],
      },
      'Sala Vesta',
    );
    await insertEvent(
      db,
      {
        slug: 'fiesta-borrador',
        clubId,
        name: 'Fiesta borrador',
        status: 'draft',
        startAt: start,
        endAt: end,
      },
      'Sala Vesta',
    );
    const past = new Date(Date.now() - 3 * 24 * 3600_000);
    await insertEvent(
      db,
      {
        slug: 'fiesta-pasada',
        clubId,
        name: 'Fiesta pasada',
        startAt: past,
        endAt: new Date(past.getTime() + 3600_000),
      },
      'Sala Vesta',
    );
    const dj = await signUp(t.app, { username: 'dj_publica' }, 'http://nocturna.test');
    djId = dj.id;
    visitor = await signUp(t.app, { username: 'visitante' }, 'http://nocturna.test');
    const privateDj = await signUp(t.app, { username: 'dj_privada' }, 'http://nocturna.test');
    for (const user of [dj, privateDj])
      await db
        .insertInto('user_roles')
        .values({ user_id: user.id, role: 'dj', granted_by: null, granted_at: new Date().toISOString() })
        .execute();
    await db
      .insertInto('user_profiles')
      .values({ user_id: privateDj.id, is_private: true, updated_at: new Date().toISOString() })
      .execute();
  });
  afterAll(async () => t?.close());

  // The pages people open from a shared link: home, both lists, an event, a club, a public profile.
  const publicPages = () => [
    '/',
    '/eventos',
    '/discotecas',
    `/eventos/${eventId}`,
    '/discoteca/sala-vesta',
    `/u/${djId}`,
  ];

  it('answers an event page with its name, prices and a valid schema.org Event, without JavaScript', async () => {
    const res = await t.app.inject({ url: `/eventos/${eventId}`, headers: host });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<h1[^>]*>Vesta After Dark<\/h1>/);
    expect(html).toMatch(/>15\s€</);
    expect(html).toContain('Anticipada');
    // The browser starts from the same data (no second request, no flash).
    expect(html).toContain('window.__NOCTURNA_QUERIES__=');
    expect(html).toContain('window.__staticRouterHydrationData');

    const [ld] = jsonLdOf(html);
    const event = eventShape.parse(ld);
    expect(event.url).toBe('http://nocturna.test/evento/vesta-after-dark');
    expect(event.offers.map((o) => [o.name, o.price, o.availability])).toEqual([
      ['Anticipada', '15.00', 'https://schema.org/InStock'],
      ['Lista', '0.00', 'https://schema.org/InStock'],
    ]);
    expect(event.location.address.streetAddress).toBe('Calle del Pez 12, 28004 Madrid');
    expect(event.performer).toEqual([{ '@type': 'PerformingGroup', name: 'Irene K' }]);
  });

  it('draws every public page whole, for a visitor and for someone signed in, with the strings the browser has first', async () => {
    // The browser hydrates with the Spanish of FIRST_LOAD_NAMESPACES only (the entry's); a page drawn with another
    // namespace would wait for the rest of the strings while hydrating. Every part is in place in the document: a
    // part sent as its (empty) fallback and revealed later by a script (`<!--$?-->`) would appear after the first
    // paint on a slow phone and push the page down.
    const renderer = (await import(pathToFileURL(rendererFile).href)) as {
      FIRST_LOAD_NAMESPACES: string[];
      render: (
        request: object,
      ) => Promise<{ kind: string; status: number; html: string; namespaces: string[] } | null>;
    };
    const pages = [...publicPages(), `/evento/${eventId}/live`, '/no-existe'];
    const used = new Set<string>();
    for (const cookie of ['', visitor.cookie])
      for (const page of pages)
        for (const language of ['es', 'en']) {
          const result = await renderer.render({
            url: `http://nocturna.test${page}`,
            language,
            nonce: 'n',
            fetchApi: async (apiPath: string) => {
              const res = await t.app.inject({ url: apiPath, headers: { ...host, cookie } });
              return new Response(res.statusCode === 204 ? null : res.body, {
                status: res.statusCode,
                headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
              });
            },
          });
          expect(result?.kind, page).toBe('page');
          expect(result?.html, `${page} (${language})`).not.toContain('<!--$?-->');
          for (const ns of result?.namespaces ?? []) used.add(ns);
          expect(renderer.FIRST_LOAD_NAMESPACES, `${page} (${language})`).toEqual(
            expect.arrayContaining(result?.namespaces ?? []),
          );
        }
    // The check sees the pages' own strings: the event page's tickets, the wall's, the profile's.
    expect([...used]).toEqual(
      expect.arrayContaining(['common', 'shell', 'catalogue', 'tickets', 'wall', 'profiles']),
    );
  });

  it("names the app's boot stages and the page's route modules for the browser to fetch with the HTML, after the style sheet", async () => {
    const dist = loadConfig({}).webDist;
    const preloadsOf = (html: string) =>
      [
        ...html
          .slice(0, html.indexOf('</head>'))
          .matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">/g),
      ].map((m) => m[1]!);
    // The entry starts the app in stages (main.tsx imports each in a task of its own): every chunk it imports, at
    // once or later, and theirs, are named by the built index.html, so no stage waits on the network and the
    // service worker keeps them with the offline shell.
    type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      Chunk
    >;
    const needed = new Set<string>();
    const visit = (key: string) => {
      const file = manifest[key]!.file;
      if (needed.has(file)) return;
      needed.add(file);
      for (const imported of manifest[key]!.imports ?? []) visit(imported);
    };
    const entry = manifest['index.html']!;
    expect(entry.dynamicImports?.length).toBeGreaterThanOrEqual(3);
    for (const key of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) visit(key);
    needed.delete(entry.file);
    const boot = preloadsOf(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
    expect(new Set(boot)).toEqual(needed);

    const html = (await t.app.inject({ url: `/eventos/${eventId}`, headers: host })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = preloadsOf(html);
    expect(preloads.slice(0, boot.length)).toEqual(boot);
    expect(preloads.slice(boot.length).map((file) => file.replace(/-[\w-]{8}\.js$/, ''))).toEqual([
      'assets/app-shell',
      'assets/route-error',
      'assets/event-detail-page',
    ]);
    for (const file of preloads) expect(fs.existsSync(path.join(dist, file))).toBe(true);
    expect(head.indexOf('rel="modulepreload"')).toBeGreaterThan(head.indexOf('rel="stylesheet"'));
    // A page the browser draws (signed in) names no page's modules: it is the bare shell.
    const shell = (await t.app.inject({ url: '/tickets', headers: host })).body;
    expect(preloadsOf(shell)).toEqual(boot);
  });

  it('shows no SVG image on a public page: the logos and covers the server draws come as WebP', async () => {
    // A browser lays out and paints each SVG image as a document of its own on the page's main thread (21–28 ms
    // more per logo than WebP at 4x CPU: bench/logo-images.bench.ts). The Sala Vesta fixture has the server's drawn logo and cover.
    let logos = 0;
    for (const page of publicPages()) {
      const html = (await t.app.inject({ url: page, headers: host })).body;
      const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
      expect(
        images.filter((img) => /(?:src|srcset)="[^"]*\.svg\b/.test(img)),
        page,
      ).toEqual([]);
      logos += images.filter((img) => /\/logo\.webp\?w=96 96w/.test(img)).length;
    }
    // The club list, the event's club card and the club page each show one.
    expect(logos).toBeGreaterThanOrEqual(3);
  });

  it("loads no zod with a public page: its modules and everything they import, from the build's source maps", async () => {
    // zod (84 KB, ~30 ms to start on a phone) belongs to forms and signed-in screens; a public page reaches it only
    // through a constant or a schema imported from a zod module of @nocturna/shared (total blocking time).
    const dist = loadConfig({}).webDist;
    type Chunk = { file: string; imports?: string[] };
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      Chunk
    >;
    const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
    const pages = publicPages();
    for (const page of pages) {
      const html = (await t.app.inject({ url: page, headers: host })).body;
      const files = [
        ...html.matchAll(
          /<(?:link rel="modulepreload"|script type="module")[^>]*(?:href|src)="\/(assets\/[^"]+\.js)"/g,
        ),
      ].map((m) => m[1]!);
      expect(files.length, page).toBeGreaterThanOrEqual(2);
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key)) return;
        seen.add(key);
        for (const imported of manifest[key]?.imports ?? []) visit(imported);
      };
      for (const file of files) visit(byFile.get(file)!);
      const sources = [...seen].flatMap((key) => {
        const map = JSON.parse(fs.readFileSync(path.join(dist, `${manifest[key]!.file}.map`), 'utf8')) as {
          sources: string[];
        };
        return map.sources;
      });
      expect(sources.length, page).toBeGreaterThan(20);
      // The entry's `config({ jitless: true })` (lib/zod-jitless.ts) takes zod's core.js and util.js; any schema
      // would bring its schemas.js, checks.js and more.
      const zodModules = sources.filter((source) => source.includes('node_modules/zod/'));
      expect(
        zodModules.filter((source) => !/zod\/v4\/core\/(core|util)\.js$/.test(source)),
        page,
      ).toEqual([]);
    }
  });

  it('points every address of a page at one canonical URL with its Spanish and English versions', async () => {
    const res = await t.app.inject({ url: `/eventos/${eventId}`, headers: host });
    expect(linkHref(res.body, 'canonical')).toBe('http://nocturna.test/evento/vesta-after-dark');
    expect(linkHref(res.body, 'alternate', 'es')).toBe('http://nocturna.test/evento/vesta-after-dark');
    expect(linkHref(res.body, 'alternate', 'en')).toBe(
      'http://nocturna.test/evento/vesta-after-dark?lang=en',
    );
    expect(linkHref(res.body, 'alternate', 'x-default')).toBe('http://nocturna.test/evento/vesta-after-dark');

    const en = await t.app.inject({ url: '/evento/vesta-after-dark?lang=en', headers: host });
    expect(en.body).toContain('<html lang="en">');
    expect(linkHref(en.body, 'canonical')).toBe('http://nocturna.test/evento/vesta-after-dark?lang=en');
    expect(en.body).toMatch(/<h2[^>]*>Tickets<\/h2>/);
  });

  it('answers a club page with a valid schema.org NightClub: address, position and opening hours', async () => {
    const res = await t.app.inject({ url: '/discoteca/sala-vesta', headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Sala Vesta<\/h1>/);
    const club = nightClubShape.parse(jsonLdOf(res.body)[0]);
    expect(club.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
      opens: '00:30',
      closes: '06:00',
    });
  });

  it('renders the lists and the home page with their data', async () => {
    const events = await t.app.inject({ url: '/eventos', headers: host });
    expect(events.statusCode).toBe(200);
    expect(events.body).toContain('Vesta After Dark');
    expect(events.body).toContain('<title>Eventos · Nocturna</title>');
    const clubs = await t.app.inject({ url: '/discotecas', headers: host });
    expect(clubs.body).toContain('Sala Vesta');
    const home = await t.app.inject({ url: '/', headers: host });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Sala Vesta');
  });

  it('answers unknown and unpublished pages 404, drawn, kept out of search engines, with no hidden event', async () => {
    for (const url of [
      '/evento/no-existe',
      '/evento/fiesta-borrador',
      '/discoteca/no-existe',
      '/no/existe',
    ]) {
      const res = await t.app.inject({ url, headers: host });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(jsonLdOf(res.body), url).toEqual([]);
      expect(res.body).not.toContain('Fiesta borrador');
      expect(rootOf(res.body)?.[0].length, url).toBeGreaterThan(200);
    }
  });

  it('serves signed-in pages and the offline shell as the bare app, not for search engines', async () => {
    for (const url of ['/tickets', '/ajustes', '/app-shell']) {
      const res = await t.app.inject({ url, headers: host });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).not.toContain('__NOCTURNA_QUERIES__');
    }
  });

  it('compresses the HTML and keeps it out of shared caches', async () => {
    const res = await t.app.inject({
      url: '/evento/vesta-after-dark',
      headers: { ...host, 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.rawPayload.length).toBeLessThan(brotliDecompressSync(res.rawPayload).length / 3);
  });

  it("sends the build's scripts and styles as the build compressed them (brotli 11, gzip 9), compressing nothing per request", async () => {
    const dist = loadConfig({}).webDist;
    const assets = fs.readdirSync(path.join(dist, 'assets'));
    // The largest script and the style sheet: where a compression made per request would differ from the build's.
    const [script] = assets
      .filter((file) => file.endsWith('.js'))
      .sort(
        (a, b) =>
          fs.statSync(path.join(dist, 'assets', b)).size - fs.statSync(path.join(dist, 'assets', a)).size,
      );
    const style = assets.find((file) => file.endsWith('.css'));
    for (const file of [script!, style!]) {
      const built = (ext: string) => fs.readFileSync(path.join(dist, 'assets', `${file}.${ext}`));
      const br = await t.app.inject({ url: `/assets/${file}`, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding'], file).toBe('br');
      expect(br.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary, file).toMatch(/accept-encoding/i);
      expect(Buffer.compare(br.rawPayload, built('br')), file).toBe(0);
      const gzip = await t.app.inject({ url: `/assets/${file}`, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], file).toBe('gzip');
      expect(Buffer.compare(gzip.rawPayload, built('gz')), file).toBe(0);
      const plain = await t.app.inject({ url: `/assets/${file}` });
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.headers.vary, file).toMatch(/accept-encoding/i);
      expect(Buffer.compare(plain.rawPayload, fs.readFileSync(path.join(dist, 'assets', file))), file).toBe(
        0,
      );
    }
  });

  it('gives every inline script the response CSP nonce', async () => {
    const res = await t.app.inject({ url: '/evento/vesta-after-dark', headers: host });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    // 16 random bytes, base64: a fresh value, not a constant.
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('lists clubs, upcoming published events and public DJ profiles in the sitemap, with English versions', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://nocturna.test/',
        'http://nocturna.test/eventos',
        'http://nocturna.test/discotecas',
        'http://nocturna.test/discoteca/sala-vesta',
        'http://nocturna.test/evento/vesta-after-dark',
        'http://nocturna.test/perfil/dj_publica',
      ]),
    );
    for (const hidden of ['fiesta-borrador', 'fiesta-pasada', 'dj_privada'])
      expect(res.body).not.toContain(hidden);
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="http://nocturna.test/evento/vesta-after-dark?lang=en"/>',
    );

    const robots = await t.app.inject({ url: '/robots.txt', headers: host });
    expect(robots.body).toContain('Sitemap: http://nocturna.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /tickets');
  });
});
