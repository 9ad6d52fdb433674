// The app's own surface: health, OpenAPI and docs, error shapes, generated posters and link previews.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

describe.each(DIALECTS)('foundation HTTP on %s', (dialect) => {
  let t: TestApp;
  let clubId: string;
  let eventId: string;
  let draftId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    clubId = await insertClub(db, {
      slug: 'sala-rock-roll',
      name: 'Sala <Rock> & "Roll"',
      barrio: 'Malasaña',
      openingDays: ['FRI'],
      description: 'Guitarras & cerveza <hasta el cierre>.',
      color: '#22d3ee',
    });
    const start = new Date(Date.now() + 24 * 3600_000);
    const end = new Date(start.getTime() + 6 * 3600_000);
    eventId = await insertEvent(
      db,
      {
        slug: 'noche-de-riffs',
        clubId,
        name: 'Noche de "Riffs" <en vivo>',
        description: 'Rock & roll.',
        startAt: start,
        endAt: end,
        lineup: [{ djName: 'Irene K' }],
      },
      'Sala <Rock> & "Roll"',
    );
    draftId = await insertEvent(
      db,
      { slug: 'secreto', clubId, name: 'Fiesta secreta', status: 'draft', startAt: start, endAt: end },
      'Sala',
    );
  });
  afterAll(async () => t.close());

  it('reports the database it uses and that it answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { kind: dialect, ok: true } });
  });

  it('publishes an OpenAPI document listing the catalogue routes, and the docs page', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/clubs',
      '/api/clubs/{clubId}',
      '/api/events',
      '/api/events/{eventId}',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    const params = doc.paths['/api/events'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['q', 'from', 'to', 'when', 'clubId', 'genre', 'maxPrice', 'cursor', 'limit']),
    );
    expect(doc.paths['/api/events/{eventId}'].get.responses).toHaveProperty('404');

    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.body).toContain('swagger');
  });

  it('answers an unknown API route with 404 ROUTE_NOT_FOUND in the error shape', async () => {
    for (const url of ['/api/nada', '/api/clubs/x/y/z', '/media/nada.png']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toMatchObject({
        code: 'ROUTE_NOT_FOUND',
        message: expect.stringContaining('/'),
      });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/clubs', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('never answers a hostile query with a 500', async () => {
    const urls = [
      `/api/events?q=${encodeURIComponent("' OR 1=1 --")}`,
      `/api/clubs?q=${encodeURIComponent('%_\\')}`,
      `/api/events?from=${encodeURIComponent('2025-01-01T00:00:00+25:00')}`,
      `/api/events?limit=${'9'.repeat(400)}`,
      `/api/clubs/${'x'.repeat(300)}`,
      `/api/events/${encodeURIComponent('../../etc/passwd')}`,
      `/api/events?cursor=${'%FF'.repeat(10)}`,
      '/api/events?maxPrice=NaN&limit=1e3',
    ];
    for (const url of urls) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().error.code, url).toEqual(expect.any(String));
    }
  });

  it('renders club logos and covers and event covers as SVG and PNG', async () => {
    for (const url of [
      `/media/clubs/${clubId}/logo`,
      `/media/clubs/${clubId}/cover`,
      `/media/events/${eventId}/cover`,
    ]) {
      const svg = await t.app.inject(`${url}.svg`);
      expect(svg.statusCode, url).toBe(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      expect(svg.body).toMatch(/^<svg /);
      // The club's name is escaped inside the SVG, so the poster stays valid XML.
      expect(svg.body).not.toContain('<Rock>');

      const png = await t.app.inject(`${url}.png`);
      expect(png.statusCode, url).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(url.endsWith('logo') ? 256 : 1200);
    }
  });

  it('renders covers as WebP at each srcset width, and refuses any other width', async () => {
    for (const url of [`/media/clubs/${clubId}/cover.webp`, `/media/events/${eventId}/cover.webp`])
      for (const width of [480, 800, 1200]) {
        const res = await t.app.inject(`${url}?w=${width}`);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          'webp',
          width,
          Math.round((width * 630) / 1200),
        ]);
      }
    const odd = await t.app.inject(`/media/events/${eventId}/cover.webp?w=5000`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toContain('480, 800, 1200');
  });

  it("draws an event's picture without its words, square, for the lists' cards", async () => {
    // The cards print the name, night and club beside the picture: the picture must not repeat them.
    const svg = await t.app.inject(`/media/events/${eventId}/art.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toMatch(/^<svg /);
    expect(svg.body).not.toContain('<text');
    for (const width of [192, 480, 800]) {
      const res = await t.app.inject(`/media/events/${eventId}/art.webp?w=${width}`);
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width]);
    }
    expect((await t.app.inject('/media/events/no-existe/art.webp')).statusCode).toBe(404);
  });

  it('draws an event poster again once the night changes, never serving the old one', async () => {
    // The server keeps the bitmaps it drew (media/rendered-images.ts), keyed by the poster itself.
    const url = `/media/events/${eventId}/cover.webp?w=480`;
    const before = (await t.app.inject(url)).rawPayload;
    expect((await t.app.inject(url)).rawPayload.equals(before)).toBe(true);
    await t.app.db
      .updateTable('events')
      .set({ name: 'Noche de Vinilos' })
      .where('id', '=', eventId)
      .execute();
    try {
      const after = await t.app.inject(url);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before)).toBe(false);
      const svg = await t.app.inject(`/media/events/${eventId}/cover.svg`);
      expect(svg.body).toContain('VINILOS');
    } finally {
      await t.app.db
        .updateTable('events')
        .set({ name: 'Noche de "Riffs" <en vivo>' })
        .where('id', '=', eventId)
        .execute();
    }
  });

  it("draws an event poster's night in the language asked for, Spanish unless asked, and refuses any other", async () => {
    const spanish = await t.app.inject(`/media/events/${eventId}/cover.svg`);
    const english = await t.app.inject(`/media/events/${eventId}/cover.svg?lang=en`);
    expect(spanish.body).toMatch(/NOCHE DEL (LUNES|MARTES|MIÉRCOLES|JUEVES|VIERNES|SÁBADO|DOMINGO)/);
    expect(english.body).toMatch(/(MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY) NIGHT/);
    expect(english.body).not.toContain('NOCHE DEL');
    const webp = await t.app.inject(`/media/events/${eventId}/cover.webp?w=480&lang=en`);
    expect(webp.statusCode).toBe(200);
    expect(
      webp.rawPayload.equals((await t.app.inject(`/media/events/${eventId}/cover.webp?w=480`)).rawPayload),
    ).toBe(false);
    expect((await t.app.inject(`/media/events/${eventId}/cover.svg?lang=fr`)).statusCode).toBe(400);
  });

  it('renders club logos as WebP at the logo widths, square', async () => {
    // The app shows logos as bitmaps: an SVG image is a document of its own on the page's main thread.
    for (const width of [96, 192]) {
      const res = await t.app.inject(`/media/clubs/${clubId}/logo.webp?w=${width}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, width]);
    }
    const odd = await t.app.inject(`/media/clubs/${clubId}/logo.webp?w=100`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toContain('96, 192');
  });

  it('answers 404 for posters of unknown clubs and events, and for unknown formats', async () => {
    const club = await t.app.inject('/media/clubs/no-existe/logo.svg');
    expect(club.statusCode).toBe(404);
    expect(club.json().error.code).toBe('CLUB_NOT_FOUND');
    const event = await t.app.inject('/media/events/no-existe/cover.png');
    expect(event.statusCode).toBe(404);
    expect(event.json().error.code).toBe('EVENT_NOT_FOUND');
    const format = await t.app.inject(`/media/clubs/${clubId}/logo.gif`);
    expect(format.statusCode).toBe(400);
  });

  function metaOf(html: string) {
    const title = /<title>(.*?)<\/title>/.exec(html)?.[1];
    const prop = (name: string) =>
      new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];
    return {
      title,
      description: prop('description'),
      ogTitle: prop('og:title'),
      ogImage: prop('og:image'),
      ogType: prop('og:type'),
      ogUrl: prop('og:url'),
    };
  }

  it('serves a club page with its own escaped <title>, description and Open Graph tags', async () => {
    for (const path of ['/discoteca/sala-rock-roll', `/discotecas/${clubId}`]) {
      const res = await t.app.inject({ url: path, headers: { host: 'nocturna.test' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const meta = metaOf(res.body);
      expect(meta.title).toBe('Sala &lt;Rock&gt; &amp; &quot;Roll&quot; · Malasaña · Nocturna');
      expect(meta.ogTitle).toBe(meta.title);
      expect(meta.description).toBe('Guitarras &amp; cerveza &lt;hasta el cierre&gt;.');
      // Absolute links start with the app's own origin (PUBLIC_URL, here unset: localhost and the port), never
      // with the Host header the client sent.
      expect(meta.ogImage).toBe(`http://localhost:${t.config.port}/media/clubs/${clubId}/cover.png`);
      // Both addresses are one page: its canonical, slug address.
      expect(meta.ogUrl).toBe(`http://localhost:${t.config.port}/discoteca/sala-rock-roll`);
      expect(res.body).not.toContain('nocturna.test');
      expect(res.body).not.toContain('<Rock>');
    }
  });

  it('serves an event page with its title, date in Madrid and poster', async () => {
    for (const path of ['/evento/noche-de-riffs', `/eventos/${eventId}`]) {
      const res = await t.app.inject({ url: path, headers: { host: 'nocturna.test' } });
      const meta = metaOf(res.body);
      expect(meta.title).toBe(
        'Noche de &quot;Riffs&quot; &lt;en vivo&gt; · Sala &lt;Rock&gt; &amp; &quot;Roll&quot; · Nocturna',
      );
      expect(meta.ogType).toBe('article');
      expect(meta.description).toContain('Rock &amp; roll.');
      expect(meta.ogImage).toBe(`http://localhost:${t.config.port}/media/events/${eventId}/cover.png`);
    }
  });

  it('gives unknown and unpublished pages the generic title and a 404, not the hidden event', async () => {
    for (const path of ['/evento/no-existe', `/evento/${draftId}`, '/discoteca/no-existe']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(metaOf(res.body).title, path).toBe('Nocturna · La noche de Madrid');
      expect(res.body).not.toContain('Fiesta secreta');
    }
  });
});
