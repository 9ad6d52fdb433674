// The spec's demo seed and the Madrid dataset loaded on first start.
import { BARRIOS, DEMO_SEED } from '@nocturna/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { DEMO_ACCOUNTS, seedMadridIfEmpty } from '../../src/seed/madrid.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

async function count(
  db: Db,
  table: 'clubs' | 'events' | 'snapshots' | 'tickets' | 'users' | 'ticket_types',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('writes exactly 2 clubs, 4 events, 3 snapshots and 1 used general ticket at 25 EUR', async () => {
    const db = t.app.db;
    expect(await seedDemo(db)).toEqual({ success: true });
    expect(await count(db, 'clubs')).toBe(DEMO_SEED.clubs);
    expect(await count(db, 'events')).toBe(DEMO_SEED.events);
    expect(await count(db, 'snapshots')).toBe(DEMO_SEED.snapshots);
    expect(await count(db, 'tickets')).toBe(DEMO_SEED.tickets);
    expect([DEMO_SEED.clubs, DEMO_SEED.events, DEMO_SEED.snapshots, DEMO_SEED.tickets]).toEqual([2, 4, 3, 1]);

    const ticket = await db.selectFrom('tickets').selectAll().executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', ticket.user_id)
      .executeTakeFirstOrThrow();
    expect(ticket.id).toBe(`${user.id}_${ticket.event_id}`);
    expect(ticket).toMatchObject({ type: 'general', price_cents: 2500, currency: 'EUR', status: 'used' });
    expect(ticket.check_in_at).not.toBeNull();

    const clubs = await db
      .selectFrom('clubs')
      .select(['id', 'name', 'city', 'logo_url', 'opening_days'])
      .orderBy('id')
      .execute();
    for (const club of clubs) {
      expect(club.city).toBe('Madrid');
      expect(club.opening_days).toMatch(/^(MON|TUE|WED|THU|FRI|SAT|SUN)(,(MON|TUE|WED|THU|FRI|SAT|SUN))*$/);
    }
    const events = await db.selectFrom('events').select(['status', 'gallery_privacy', 'club_id']).execute();
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(['published']));
    expect(new Set(events.map((e) => e.gallery_privacy))).toEqual(new Set(['attendees', 'public']));
    expect(events.every((e) => clubs.some((c) => c.id === e.club_id))).toBe(true);
  });

  it('can run twice without duplicating anything', async () => {
    const db = t.app.db;
    const before = await Promise.all(
      (['clubs', 'events', 'snapshots', 'tickets', 'users', 'ticket_types'] as const).map((table) =>
        count(db, table),
      ),
    );
    expect(await seedDemo(db)).toEqual({ success: true });
    expect(await seedDemo(db)).toEqual({ success: true });
    const after = await Promise.all(
      (['clubs', 'events', 'snapshots', 'tickets', 'users', 'ticket_types'] as const).map((table) =>
        count(db, table),
      ),
    );
    expect(after).toEqual(before);
  });

  it('shows its published events through the API', async () => {
    const res = await t.app.inject('/api/events/demo-event-2');
    expect(res.statusCode).toBe(200);
    expect(res.json().ticketTypes[0].price).toEqual({ cents: 2500, currency: 'EUR' });
  });

  it('returns success false with the error message when the database cannot be used', async () => {
    // SQLite: the file's connection is closed under Kysely. PostgreSQL: nothing listens on the port.
    const database =
      dialect === 'sqlite'
        ? t.config.database
        : { kind: 'postgres' as const, url: 'postgres://postgres@127.0.0.1:1/test' };
    const handle = openDatabase(database);
    handle.sqlite?.close();
    const result = await seedDemo(handle.db);
    expect(result).toEqual({ success: false, error: expect.any(String) });
    if (!result.success) expect(result.error).toMatch(dialect === 'sqlite' ? /not open/ : /ECONNREFUSED/);
    if (dialect === 'postgres') await handle.db.destroy();
  });

  it('returns "Unknown error" when the failure carries no message', async () => {
    const fresh = await createTestApp(dialect);
    try {
      const db = fresh.app.db;
      // A trigger that refuses every club with an empty message: a real database error with nothing to say.
      if (dialect === 'sqlite') {
        await sql`create trigger refuse_clubs before insert on clubs begin select raise(abort, ''); end`.execute(
          db,
        );
      } else {
        await sql`create function refuse_clubs() returns trigger language plpgsql as $$ begin raise exception using message = ''; end $$`.execute(
          db,
        );
        await sql`create trigger refuse_clubs before insert on clubs for each row execute function refuse_clubs()`.execute(
          db,
        );
      }
      expect(await seedDemo(db)).toEqual({ success: false, error: 'Unknown error' });
      // The transaction rolled back: nothing half-written.
      expect(await count(db, 'users')).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe.each(DIALECTS)('Madrid dataset on %s', (dialect) => {
  let t: TestApp;
  // Friday 6 March 2026, 18:00 in Madrid: the six weeks cross the spring clock change.
  const now = new Date('2026-03-06T17:00:00Z');
  const sixWeeksLater = new Date(now.getTime() + 42 * 24 * 3600_000);

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('loads at least 15 clubs across at least 7 barrios and 60 events over the next six weeks', async () => {
    const db = t.app.db;
    const loaded = await seedMadridIfEmpty(db, now);
    expect(loaded).not.toBeNull();
    expect(loaded!.clubs).toBeGreaterThanOrEqual(15);
    expect(loaded!.events).toBeGreaterThanOrEqual(60);

    const clubs = await db
      .selectFrom('clubs')
      .select(['barrio', 'opening_days', 'address', 'latitude', 'longitude'])
      .execute();
    expect(clubs.length).toBe(loaded!.clubs);
    const barrios = new Set(clubs.map((c) => c.barrio));
    expect(barrios.size).toBeGreaterThanOrEqual(7);
    for (const barrio of barrios) expect(BARRIOS).toContain(barrio);
    for (const club of clubs) {
      expect(club.address).toMatch(/Madrid$/);
      expect(club.latitude).toBeGreaterThan(40.3);
      expect(club.longitude).toBeLessThan(-3.6);
    }

    const events = await db.selectFrom('events').select(['id', 'start_at', 'end_at', 'status']).execute();
    expect(events.length).toBe(loaded!.events);
    const nightBefore = now.getTime() - 24 * 3600_000;
    for (const event of events) {
      const start = new Date(event.start_at).getTime();
      expect(start).toBeGreaterThan(nightBefore);
      expect(start).toBeLessThan(sixWeeksLater.getTime());
      expect(new Date(event.end_at).getTime()).toBeGreaterThan(start);
    }
    // Spread over the six weeks, not bunched at the start.
    const weeks = new Set(
      events.map((e) => Math.floor((new Date(e.start_at).getTime() - now.getTime()) / (7 * 24 * 3600_000))),
    );
    expect([...weeks].sort()).toEqual([0, 1, 2, 3, 4, 5]);

    const withoutTickets = await db
      .selectFrom('events')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ticket_types')
              .select('ticket_types.id')
              .whereRef('ticket_types.event_id', '=', 'events.id'),
          ),
        ),
      )
      .execute();
    expect(withoutTickets).toEqual([]);
  });

  it("keeps every night's ticket types within its club's aforo, with room for a CEO to add places", async () => {
    // The aforo rule a CEO meets when raising a type (management/ticket-types.ts), applied to the data itself.
    const over = await t.app.db
      .selectFrom('ticket_types')
      .innerJoin('events', 'events.id', 'ticket_types.event_id')
      .innerJoin('clubs', 'clubs.id', 'events.club_id')
      .select(['events.name', 'clubs.capacity'])
      .select((eb) => eb.fn.sum<number>('ticket_types.capacity').as('places'))
      .where('events.allow_over_capacity', '=', false)
      .groupBy(['events.id', 'events.name', 'clubs.capacity'])
      // At most 90% on sale: the rest is the room a CEO has to add a type or raise one.
      .having((eb) =>
        eb(eb(eb.fn.sum('ticket_types.capacity'), '*', 10), '>', eb(eb.ref('clubs.capacity'), '*', 9)),
      )
      .execute();
    expect(over.map((night) => `${night.name}: ${Number(night.places)} of ${night.capacity}`)).toEqual([]);
  });

  it('creates the demo accounts', async () => {
    const emails = await t.app.db.selectFrom('users').select('email').orderBy('email').execute();
    expect(emails.map((u) => u.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
  });

  it('does nothing on a second start', async () => {
    const before = await count(t.app.db, 'events');
    expect(await seedMadridIfEmpty(t.app.db, now)).toBeNull();
    expect(await count(t.app.db, 'events')).toBe(before);
  });

  it('serves events tonight and this weekend relative to the day it ran', async () => {
    const { listEvents } = await import('../../src/features/events/service.ts');
    const tonight = await listEvents(t.app.db, { when: 'hoy', limit: 100 }, now);
    const weekend = await listEvents(t.app.db, { when: 'finde', limit: 100 }, now);
    expect(tonight.items.length).toBeGreaterThanOrEqual(2);
    expect(weekend.items.length).toBeGreaterThanOrEqual(6);
  });
});

describe('migrations', () => {
  it.each(DIALECTS)('can run again on %s without changing anything', async (dialect) => {
    const t = await createTestApp(dialect);
    try {
      await expect(migrateToLatest(t.app.db)).resolves.toBeUndefined();
      expect(await count(t.app.db, 'clubs')).toBe(0);
    } finally {
      await t.close();
    }
  });
});
