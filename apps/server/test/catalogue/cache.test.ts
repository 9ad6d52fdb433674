// The public answer cache of the catalogue (http/public-cache.ts) on every configured engine: a repeated read is
// answered from memory with the same body and headers, and no one ever sees an answer older than a committed
// write of this server, or older than a second of the server's clock or of real time.
// performance.now() is faked and frozen so "real time" moves only when a test moves it (a loaded machine cannot
// expire an entry between two requests); the server's clock is pinned.
import type { EventDetail, EventSummary, Page } from '@nocturna/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pinClock } from '../../src/clock.ts';
import type { Db } from '../../src/db/connect.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

const T0 = Date.parse('2026-12-04T20:00:00.000Z'); // a Friday, 21:00 in Madrid
const HOUR = 3600_000;

type TicketTypes = Parameters<typeof insertEvent>[1]['ticketTypes'];

// A techno club in Lavapiés, and a night of it that starts `startsIn` ms after `from` and lasts six hours.
async function club(db: Db, slug: string, name: string) {
  return insertClub(db, { slug, name, barrio: 'Lavapiés', genres: ['techno'], openingDays: ['FRI', 'SAT'] });
}
async function night(
  db: Db,
  clubId: string,
  clubName: string,
  night: { slug: string; name: string; from: number; startsIn: number; ticketTypes: TicketTypes },
) {
  const startAt = new Date(night.from + night.startsIn);
  return insertEvent(
    db,
    {
      slug: night.slug,
      clubId,
      name: night.name,
      genres: ['techno'],
      startAt,
      endAt: new Date(startAt.getTime() + 6 * HOUR),
      ticketTypes: night.ticketTypes,
    },
    clubName,
  );
}

describe.each(DIALECTS)('public catalogue cache on %s', (dialect) => {
  let t: TestApp;
  let eventId: string;
  const clubSlug = 'sala-cache';
  let undoClock: () => void;

  beforeAll(async () => {
    undoClock = pinClock(T0);
    t = await createTestApp(dialect);
    const clubId = await club(t.app.db, clubSlug, 'Sala Caché');
    eventId = await night(t.app.db, clubId, 'Sala Caché', {
      slug: 'noche-cache',
      name: 'Noche Caché',
      from: T0,
      startsIn: 3 * HOUR,
      // A presale that closes half a second after T0, and the door price that stays on sale.
      ticketTypes: [
        { name: 'Anticipada', priceCents: 700, capacity: 100, salesUntil: new Date(T0 + 500) },
        { name: 'Taquilla', priceCents: 1500, capacity: 100 },
      ],
    });
    // More nights on the list, so it is long enough to be compressed.
    for (const n of [1, 2, 3, 4])
      await night(t.app.db, clubId, 'Sala Caché', {
        slug: `noche-cache-${n}`,
        name: `Noche Caché ${n}`,
        from: T0,
        startsIn: (n * 24 + 3) * HOUR,
        ticketTypes: [{ name: 'General', priceCents: 1200, capacity: 100 }],
      });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    pinClock(T0);
  });

  const list = '/api/events?genre=techno&limit=20';
  const get = (url: string) => t.app.inject(url);
  const minPrice = (body: Page<EventSummary>) => body.items.find((e) => e.id === eventId)?.minPrice?.cents;
  // A second of real time: every entry kept so far is too old to answer with.
  const expireAll = () => vi.advanceTimersByTime(1001);

  it('answers a repeated read from memory, with the same body and headers', async () => {
    expireAll();
    for (const url of [list, `/api/events/${eventId}`, `/api/clubs/${clubSlug}`]) {
      const first = await get(url);
      const second = await get(url);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['x-cache']).toBe('miss');
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.body).toBe(first.body);
      // The policy carries a fresh nonce per answer; the rest of it is the same.
      const policy = (h: unknown) => String(h).replace(/'nonce-[^']+'/g, 'nonce');
      expect(second.headers['content-security-policy']).toContain("'nonce-");
      expect(policy(second.headers['content-security-policy'])).toBe(
        policy(first.headers['content-security-policy']),
      );
      for (const header of ['content-type', 'permissions-policy', 'x-content-type-options'])
        expect(second.headers[header], header).toBe(first.headers[header]);
      // Each request keeps its own id.
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    }
  });

  it('compresses a cached answer for a client that asks for it, and it reads the same', async () => {
    expireAll();
    const plain = await get(list);
    // Above the size the server starts compressing at (1 KB).
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzip = await t.app.inject({ url: list, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('a different query is a different answer', async () => {
    expireAll();
    await get(list);
    const other = await get('/api/events?genre=house&limit=20');
    expect(other.headers['x-cache']).toBe('miss');
    expect(other.json<Page<EventSummary>>().items.map((e) => e.id)).not.toContain(eventId);
  });

  it('shows a committed write at once: a new name, a new price, a ticket type sold out', async () => {
    expireAll();
    await get(`/api/events/${eventId}`);
    await get(list);
    await t.app.db
      .updateTable('events')
      .set({ name: 'Noche Renombrada' })
      .where('id', '=', eventId)
      .execute();
    const detail = await get(`/api/events/${eventId}`);
    expect(detail.headers['x-cache']).toBe('miss');
    expect(detail.json<EventDetail>().name).toBe('Noche Renombrada');

    expect(minPrice((await get(list)).json())).toBe(700);
    await t.app.db
      .updateTable('ticket_types')
      .set((eb) => ({ sold: eb.ref('capacity') }))
      .where('event_id', '=', eventId)
      .where('name', '=', 'Anticipada')
      .execute();
    const after = await get(list);
    expect(after.headers['x-cache']).toBe('miss');
    expect(minPrice(after.json())).toBe(1500);
    await t.app.db.updateTable('ticket_types').set({ sold: 0 }).where('event_id', '=', eventId).execute();
  });

  it('a write inside a transaction shows when it commits, and one rolled back changes nothing', async () => {
    expireAll();
    await get(`/api/events/${eventId}`);
    await t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('events')
        .set({ name: 'Noche en Transacción' })
        .where('id', '=', eventId)
        .execute();
    });
    expect((await get(`/api/events/${eventId}`)).json<EventDetail>().name).toBe('Noche en Transacción');

    const kept = await get(`/api/events/${eventId}`);
    expect(kept.headers['x-cache']).toBe('hit');
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('events').set({ name: 'Nunca' }).where('id', '=', eventId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const afterRollback = await get(`/api/events/${eventId}`);
    expect(afterRollback.headers['x-cache']).toBe('hit');
    expect(afterRollback.json<EventDetail>().name).toBe('Noche en Transacción');
  });

  it('a presale that closes shows as closed within a second of the server clock', async () => {
    expireAll();
    // At T0 the presale (7 €) is on sale and sets the price.
    expect(minPrice((await get(list)).json())).toBe(700);
    // It closed at T0 + 0.5 s; the answer kept at T0 may serve until T0 + 1 s, never after.
    pinClock(T0 + 1000);
    const later = await get(list);
    expect(later.headers['x-cache']).toBe('miss');
    expect(minPrice(later.json())).toBe(1500);
  });

  it('keeps no answer longer than a second of real time, whatever the server clock says', async () => {
    expireAll();
    await get(list);
    vi.advanceTimersByTime(999);
    expect((await get(list)).headers['x-cache']).toBe('hit');
    vi.advanceTimersByTime(2);
    expect((await get(list)).headers['x-cache']).toBe('miss');
  });

  it('keeps no error: a missing event is looked up again each time', async () => {
    expireAll();
    const first = await get('/api/events/no-existe');
    expect(first.statusCode).toBe(404);
    const second = await get('/api/events/no-existe');
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-cache']).toBe('miss');
  });
});

// Only PostgreSQL lets another connection read while a transaction is open: SQLite runs the app's statements on
// one connection, so no read of this process can fall between a transaction's write and its commit there.
describe.runIf(DIALECTS.includes('postgres'))(
  'public catalogue cache on postgres, reads during a write',
  () => {
    let t: TestApp;
    let eventId: string;

    beforeAll(async () => {
      t = await createTestApp('postgres');
      const clubId = await club(t.app.db, 'sala-tx', 'Sala Tx');
      eventId = await night(t.app.db, clubId, 'Sala Tx', {
        slug: 'noche-tx',
        name: 'Antes',
        from: Date.now(),
        startsIn: 3 * HOUR,
        ticketTypes: [{ name: 'General', priceCents: 1000, capacity: 100 }],
      });
    });
    afterAll(async () => t.close());

    it('an answer read before the commit is not kept past it', async () => {
      const trx = await t.app.db.startTransaction().execute();
      await trx.updateTable('events').set({ name: 'Después' }).where('id', '=', eventId).execute();
      // Read while the write is not yet committed: the old name, and it may be kept for now.
      expect((await t.app.inject(`/api/events/${eventId}`)).json<EventDetail>().name).toBe('Antes');
      await trx.commit().execute();
      const after = await t.app.inject(`/api/events/${eventId}`);
      expect(after.headers['x-cache']).toBe('miss');
      expect(after.json<EventDetail>().name).toBe('Después');
    });
  },
);
