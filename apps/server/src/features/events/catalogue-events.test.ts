// Event list filters, publication rules and event detail, through HTTP, on every configured engine.
import type { EventDetail, EventSummary, Page } from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogueFixture, type CatalogueFixture } from '../../../test/catalogue-fixture.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../../test/test-app.ts';

const HOUR = 3600_000;

describe.each(DIALECTS)('events API on %s', (dialect) => {
  let t: TestApp;
  let fx: CatalogueFixture;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await seedCatalogueFixture(t.app.db, now);
  });
  afterAll(async () => t.close());

  async function eventIds(query: string): Promise<string[]> {
    const res = await t.app.inject(`/api/events${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<EventSummary>>().items.map((e) => e.id);
  }

  it('lists upcoming and under-way published events, soonest first, and nothing else', async () => {
    const { events: e } = fx;
    expect(await eventIds('')).toEqual([e.underWay, e.soon, e.techno, e.indie, e.cheap, e.free]);
  });

  it('filters by a from/to window on the start time', async () => {
    const from = new Date(now.getTime() + 20 * HOUR).toISOString();
    const to = new Date(now.getTime() + 60 * HOUR).toISOString();
    expect(await eventIds(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).toEqual([
      fx.events.techno,
      fx.events.indie,
    ]);
  });

  it('with an explicit from, shows published events that already ended too', async () => {
    const from = new Date(now.getTime() - 40 * HOUR).toISOString();
    const to = new Date(now.getTime() - HOUR).toISOString();
    expect(await eventIds(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).toEqual([
      fx.events.past,
      fx.events.underWay,
    ]);
  });

  it('filters by club id or slug, genre and maximum price in cents', async () => {
    expect(await eventIds(`?clubId=${fx.clubs.neon}`)).toEqual([fx.events.indie, fx.events.free]);
    expect(await eventIds('?clubId=kapital')).toEqual([fx.events.soon, fx.events.cheap]);
    expect(await eventIds('?genre=techno')).toEqual([fx.events.underWay, fx.events.techno]);
    expect(await eventIds('?genre=TECHNO&clubId=sala-boveda')).toEqual([
      fx.events.underWay,
      fx.events.techno,
    ]);
    // Búnker's cheapest ticket is 18,00 €: 1800 cents include it, 1799 do not.
    expect(await eventIds('?maxPrice=1800&genre=techno')).toEqual([fx.events.underWay, fx.events.techno]);
    expect(await eventIds('?maxPrice=1799&genre=techno')).toEqual([fx.events.underWay]);
    expect(await eventIds('?maxPrice=1000')).toEqual([fx.events.indie, fx.events.cheap, fx.events.free]);
    expect(await eventIds('?maxPrice=0')).toEqual([fx.events.free]);
  });

  it('searches names, clubs and DJs ignoring accents and case', async () => {
    expect(await eventIds('?q=bunker')).toEqual([fx.events.techno]);
    expect(await eventIds('?q=OZONO')).toEqual([fx.events.techno]);
    expect(await eventIds(`?q=${encodeURIComponent('neón')}`)).toEqual([fx.events.indie, fx.events.free]);
    expect(await eventIds('?q=kapital')).toEqual([fx.events.soon, fx.events.cheap]);
    expect(await eventIds('?q=%25')).toEqual([]);
  });

  it('reports the cheapest ticket as minPrice in cents and EUR', async () => {
    const res = await t.app.inject('/api/events?q=bunker');
    const [bunker] = res.json<Page<EventSummary>>().items;
    expect(bunker).toMatchObject({
      name: 'Búnker',
      clubName: 'Sala Bóveda',
      clubSlug: 'sala-boveda',
      barrio: 'Lavapiés',
      minPrice: { cents: 1800, currency: 'EUR' },
    });
  });

  it('shows a published event with its club, line-up and ticket types', async () => {
    const res = await t.app.inject('/api/events/bunker');
    expect(res.statusCode).toBe(200);
    const event = res.json<EventDetail>();
    expect(event.id).toBe(fx.events.techno);
    expect(event.club).toMatchObject({ id: fx.clubs.boveda, name: 'Sala Bóveda', barrio: 'Lavapiés' });
    expect(event.lineup.map((l) => l.djName)).toEqual(['Ozono', 'Mar Flux']);
    expect(event.ticketTypes.map((tt) => [tt.name, tt.price.cents, tt.price.currency])).toEqual([
      ['General', 1800, 'EUR'],
      ['VIP', 6000, 'EUR'],
    ]);
    expect(event.privacy.gallery).toBe('attendees');
    expect(new Date(event.startAt).getTime()).toBe(now.getTime() + 26 * HOUR);
    const byId = await t.app.inject(`/api/events/${fx.events.techno}`);
    expect(byId.json<EventDetail>().slug).toBe('bunker');
  });

  it('hides draft and cancelled events: not listed, and their detail is 404', async () => {
    const everything = await eventIds(
      `?from=${encodeURIComponent(new Date(now.getTime() - 100 * HOUR).toISOString())}&limit=100`,
    );
    expect(everything).not.toContain(fx.events.draft);
    expect(everything).not.toContain(fx.events.cancelled);
    expect(await eventIds('?q=borrador')).toEqual([]);
    for (const hidden of [fx.events.draft, 'borrador', fx.events.cancelled, 'cancelado']) {
      const res = await t.app.inject(`/api/events/${hidden}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('EVENT_NOT_FOUND');
    }
  });

  it('answers 404 EVENT_NOT_FOUND for an unknown event', async () => {
    const res = await t.app.inject('/api/events/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'EVENT_NOT_FOUND', message: expect.any(String) } });
  });

  it('answers 400 with the field for bad dates, limits, prices and when', async () => {
    const cases: [string, string][] = [
      ['?from=ayer', 'from'],
      ['?to=2025-13-45', 'to'],
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?maxPrice=-1', 'maxPrice'],
      ['?maxPrice=12.5', 'maxPrice'],
      ['?when=siempre', 'when'],
      [
        `?from=${encodeURIComponent('2030-01-02T00:00:00Z')}&to=${encodeURIComponent('2030-01-01T00:00:00Z')}`,
        'to',
      ],
    ];
    for (const [query, field] of cases) {
      const res = await t.app.inject(`/api/events${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });
});
