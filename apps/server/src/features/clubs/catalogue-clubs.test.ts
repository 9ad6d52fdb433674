// Club list filters and club detail, through HTTP, on every configured database engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubSummary, ClubWithEvents, Page } from '@nocturna/shared';
import { seedCatalogueFixture, type CatalogueFixture } from '../../../test/catalogue-fixture.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../../test/test-app.ts';

describe.each(DIALECTS)('clubs API on %s', (dialect) => {
  let t: TestApp;
  let fx: CatalogueFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await seedCatalogueFixture(t.app.db, new Date());
  });
  afterAll(async () => t.close());

  async function clubNames(query: string): Promise<string[]> {
    const res = await t.app.inject(`/api/clubs${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<Page<ClubSummary>>().items.map((c) => c.name);
  }

  it('lists every club by name with the spec fields', async () => {
    const res = await t.app.inject('/api/clubs');
    const body = res.json<Page<ClubSummary>>();
    expect(body.items.map((c) => c.name)).toEqual(['Kápital', 'Neón Malasaña', 'Sala Bóveda']);
    expect(body.nextCursor).toBeNull();
    const kapital = body.items[0]!;
    expect(kapital).toMatchObject({
      id: fx.clubs.kapital,
      slug: 'kapital',
      city: 'Madrid',
      barrio: 'Centro',
      openingDays: ['THU', 'FRI', 'SAT'],
    });
    expect(kapital.logoURL).toBe(`/media/clubs/${fx.clubs.kapital}/logo.svg`);
    expect(kapital.genres).toEqual(['commercial', 'reggaeton']);
  });

  it('finds "Kápital" when searching "kapital", ignoring accents and case', async () => {
    expect(await clubNames('?q=kapital')).toEqual(['Kápital']);
    expect(await clubNames('?q=KAPITAL')).toEqual(['Kápital']);
    expect(await clubNames(`?q=${encodeURIComponent('bóveda')}`)).toEqual(['Sala Bóveda']);
    expect(await clubNames('?q=neon%20mala')).toEqual(['Neón Malasaña']);
    expect(await clubNames('?q=nadaquever')).toEqual([]);
  });

  it('treats % and _ in the search text as ordinary characters, not wildcards', async () => {
    expect(await clubNames('?q=%25')).toEqual([]);
    expect(await clubNames('?q=_')).toEqual([]);
  });

  it('filters by barrio, genre and opening day', async () => {
    expect(await clubNames(`?barrio=${encodeURIComponent('Lavapiés')}`)).toEqual(['Sala Bóveda']);
    expect(await clubNames('?genre=techno')).toEqual(['Sala Bóveda']);
    expect(await clubNames('?genre=Indie')).toEqual(['Neón Malasaña']);
    expect(await clubNames('?day=WED')).toEqual(['Neón Malasaña']);
    expect(await clubNames('?day=FRI')).toEqual(['Kápital', 'Sala Bóveda']);
    expect(await clubNames('?day=MON')).toEqual([]);
    expect(await clubNames('?day=FRI&genre=reggaeton')).toEqual(['Kápital']);
  });

  it('answers 400 with the field for a bad weekday or limit', async () => {
    const day = await t.app.inject('/api/clubs?day=FUNDAY');
    expect(day.statusCode).toBe(400);
    expect(day.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'day' });
    for (const limit of ['0', '101', 'abc']) {
      const res = await t.app.inject(`/api/clubs?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'limit' });
    }
  });

  it('walks the club list page by page without gaps or duplicates', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.app.inject(`/api/clubs?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      const page: Page<ClubSummary> = res.json();
      seen.push(...page.items.map((c) => c.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Kápital', 'Neón Malasaña', 'Sala Bóveda']);
  });

  it('shows a club by id or slug with only its upcoming published events, soonest first', async () => {
    const byId = await t.app.inject(`/api/clubs/${fx.clubs.boveda}`);
    expect(byId.statusCode).toBe(200);
    const club = byId.json<ClubWithEvents>();
    expect(club).toMatchObject({
      name: 'Sala Bóveda',
      barrio: 'Lavapiés',
      dressCode: 'Libre',
      capacity: 500,
    });
    // The night under way is still upcoming; the cancelled one is not shown.
    expect(club.upcomingEvents.map((e) => e.id)).toEqual([fx.events.underWay, fx.events.techno]);

    const bySlug = await t.app.inject('/api/clubs/kapital');
    const kapital = bySlug.json<ClubWithEvents>();
    expect(kapital.id).toBe(fx.clubs.kapital);
    // Past, draft and cancelled events stay out.
    expect(kapital.upcomingEvents.map((e) => e.id)).toEqual([fx.events.soon, fx.events.cheap]);
    expect(kapital.upcomingEvents.every((e) => e.status === 'published')).toBe(true);
  });

  it('answers 404 CLUB_NOT_FOUND for an unknown club', async () => {
    const res = await t.app.inject('/api/clubs/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CLUB_NOT_FOUND');
  });
});
