// Each event and club carries its genres on its own row (migration 0011) so catalogue reads need no aggregate:
// the writer keeps that copy equal to event_genres/club_genres, and the migration fills it for older rows.
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { DIALECTS, createSchema, createTestApp, testConfig, type TestApp } from '../test-app.ts';

const DAY = 24 * 3600_000;

describe.each(DIALECTS)('genre lists on %s', (dialect) => {
  let t: TestApp;
  let clubId: string;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    clubId = await insertClub(db, {
      slug: 'sala-mixta',
      name: 'Sala Mixta',
      barrio: 'Centro',
      genres: ['Reggaeton', 'rock', 'r&b', 'Commercial'],
      openingDays: ['FRI'],
    });
    const start = new Date(Date.now() + DAY);
    eventId = await insertEvent(
      db,
      {
        slug: 'noche-mixta',
        clubId,
        name: 'Noche Mixta',
        startAt: start,
        endAt: new Date(start.getTime() + 6 * 3600_000),
        genres: ['Techno', 'house', 'hip-hop'],
      },
      'Sala Mixta',
    );
    await insertEvent(
      db,
      {
        slug: 'sin-generos',
        clubId,
        name: 'Sin Géneros',
        startAt: start,
        endAt: new Date(start.getTime() + 3600_000),
      },
      'Sala Mixta',
    );
  });
  afterAll(async () => t?.close());

  it("writes each row's genres lower-case in byte order, the same set as event_genres and club_genres", async () => {
    const db = t.app.db;
    const event = await db
      .selectFrom('events')
      .select('genre_list')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const club = await db
      .selectFrom('clubs')
      .select('genre_list')
      .where('id', '=', clubId)
      .executeTakeFirstOrThrow();
    expect(event.genre_list).toBe('hip-hop,house,techno');
    expect(club.genre_list).toBe('commercial,r&b,reggaeton,rock');
    const eventGenres = await db
      .selectFrom('event_genres')
      .select('genre')
      .where('event_id', '=', eventId)
      .execute();
    const clubGenres = await db
      .selectFrom('club_genres')
      .select('genre')
      .where('club_id', '=', clubId)
      .execute();
    expect(
      eventGenres
        .map((g) => g.genre)
        .sort()
        .join(','),
    ).toBe(event.genre_list);
    expect(
      clubGenres
        .map((g) => g.genre)
        .sort()
        .join(','),
    ).toBe(club.genre_list);
  });

  it('answers the same genres on the event list, the event page, the club page and the club list', async () => {
    const eventGenres = ['hip-hop', 'house', 'techno'];
    const clubGenres = ['commercial', 'r&b', 'reggaeton', 'rock'];
    const list = (await t.app.inject('/api/events?genre=house')).json();
    expect(list.items.map((e: { slug: string; genres: string[] }) => [e.slug, e.genres])).toEqual([
      ['noche-mixta', eventGenres],
    ]);
    const detail = (await t.app.inject('/api/events/noche-mixta')).json();
    expect(detail.genres).toEqual(eventGenres);
    expect(detail.club.genres).toEqual(clubGenres);
    const club = (await t.app.inject('/api/clubs/sala-mixta')).json();
    expect(club.genres).toEqual(clubGenres);
    expect(
      Object.fromEntries(
        club.upcomingEvents.map((e: { slug: string; genres: string[] }) => [e.slug, e.genres]),
      ),
    ).toEqual({
      'noche-mixta': eventGenres,
      'sin-generos': [],
    });
    const clubs = (await t.app.inject('/api/clubs?genre=rock')).json();
    expect(clubs.items.map((c: { slug: string; genres: string[] }) => [c.slug, c.genres])).toEqual([
      ['sala-mixta', clubGenres],
    ]);
  });
});

describe.each(DIALECTS)('migration 0011 on %s', (dialect) => {
  it('fills the genre lists of events and clubs written before it', async () => {
    const { config, cleanup } = testConfig(dialect);
    await createSchema(config);
    const { db } = openDatabase(config.database);
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: config.database.kind === 'postgres' ? config.database.schema : undefined,
      });
      const before = await migrator.migrateTo('0010-door');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      // Rows as the writer stored them before migration 0011: no genre_list column yet.
      const oldDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const [id, genres] of [
        ['club-a', ['techno', 'house']],
        ['club-b', []],
      ] as const) {
        await oldDb
          .insertInto('clubs')
          .values({
            id,
            slug: id,
            name: id,
            city: 'Madrid',
            barrio: 'Centro',
            description: '',
            address: '',
            latitude: 40.4,
            longitude: -3.7,
            logo_url: '',
            cover_url: '',
            opening_days: 'FRI',
            opening_hours: '',
            dress_code: '',
            minimum_age: 18,
            price_range: '',
            capacity: 100,
            instagram: null,
            website: null,
            brand_color: '#000000',
            search_text: id,
            created_at: now,
          })
          .execute();
        if (genres.length)
          await oldDb
            .insertInto('club_genres')
            .values(genres.map((genre) => ({ club_id: id, genre })))
            .execute();
      }
      for (const [id, genres] of [
        ['event-a', ['rock', 'r&b', 'reggaeton']],
        ['event-b', []],
      ] as const) {
        await oldDb
          .insertInto('events')
          .values({
            id,
            slug: id,
            club_id: 'club-a',
            name: id,
            city: 'Madrid',
            description: '',
            cover_url: '',
            start_at: now,
            end_at: now,
            status: 'published',
            gallery_privacy: 'attendees',
            minimum_age: 18,
            dress_code: '',
            min_price_cents: null,
            search_text: id,
            created_at: now,
          })
          .execute();
        if (genres.length)
          await oldDb
            .insertInto('event_genres')
            .values(genres.map((genre) => ({ event_id: id, genre, start_at: now })))
            .execute();
      }

      await migrateToLatest(db);

      const clubs = await db.selectFrom('clubs').select(['id', 'genre_list']).orderBy('id').execute();
      const events = await db.selectFrom('events').select(['id', 'genre_list']).orderBy('id').execute();
      expect(clubs).toEqual([
        { id: 'club-a', genre_list: 'house,techno' },
        { id: 'club-b', genre_list: '' },
      ]);
      expect(events).toEqual([
        { id: 'event-a', genre_list: 'r&b,reggaeton,rock' },
        { id: 'event-b', genre_list: '' },
      ]);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
