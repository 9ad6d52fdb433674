// The one price rule (eventPrice in @nocturna/shared): only what a person can buy now counts, in each state a
// night goes through; and the SQL the catalogue reads prices with gives the same answer for the same ticket types.
import { eventPrice, type EventDetail, type SaleWindow } from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinClock } from '../../src/clock.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

const HOUR = 3600_000;
const NOW = new Date('2026-11-27T23:00:00.000Z'); // Saturday 00:00 in Madrid
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

type Type = SaleWindow & { name: string; priceCents: number; hidden: boolean };

const open = (name: string, priceCents: number, over: Partial<Type> = {}): Type => ({
  name,
  priceCents,
  hidden: false,
  eventPublished: true,
  eventEndAt: at(6),
  paused: false,
  salesFrom: null,
  salesUntil: null,
  entryUntil: null,
  capacity: 100,
  sold: 0,
  ...over,
});
const eur = (cents: number) => ({ cents, currency: 'EUR' as const });

// Each case: the event's ticket types at NOW, and the price a person must be told.
const CASES: [string, Type[], ReturnType<typeof eventPrice>][] = [
  [
    'before the presale opens, only what is already on sale counts',
    [open('Preventa', 700, { salesFrom: at(2) }), open('General', 1000), open('Copas', 1500)],
    { state: 'on_sale', from: eur(1000), to: eur(1500) },
  ],
  [
    'during the presale, it is the cheapest',
    [open('Preventa', 700, { salesFrom: at(-2), salesUntil: at(2) }), open('General', 1000)],
    { state: 'on_sale', from: eur(700), to: eur(1000) },
  ],
  [
    'after the presale closes by date, it no longer counts',
    [open('Preventa', 700, { salesUntil: at(-1) }), open('General', 1000)],
    { state: 'on_sale', from: eur(1000), to: eur(1000) },
  ],
  [
    'while the free list lets people in, the event is free',
    [open('Lista gratis', 0, { entryUntil: at(1.5) }), open('General', 1800)],
    { state: 'on_sale', from: eur(0), to: eur(1800) },
  ],
  [
    "after the free list's hour closes, it no longer counts",
    [open('Lista gratis', 0, { entryUntil: at(-0.5) }), open('General', 1800)],
    { state: 'on_sale', from: eur(1800), to: eur(1800) },
  ],
  [
    'a sold-out type does not count',
    [open('General', 1000, { sold: 100 }), open('Copas', 1500, { sold: 99 })],
    { state: 'on_sale', from: eur(1500), to: eur(1500) },
  ],
  [
    'a hidden type (a promoter code) does not count',
    [open('Lista RPP', 500, { hidden: true }), open('General', 1000)],
    { state: 'on_sale', from: eur(1000), to: eur(1000) },
  ],
  [
    'a paused type does not count',
    [open('General', 1000, { paused: true }), open('Copas', 1500)],
    { state: 'on_sale', from: eur(1500), to: eur(1500) },
  ],
  [
    'with every sale closed: Venta cerrada',
    [open('Preventa', 700, { salesUntil: at(-24) }), open('Lista gratis', 0, { entryUntil: at(-0.5) })],
    { state: 'closed', from: null, to: null },
  ],
  [
    'with every type sold out: Agotado',
    [open('General', 1000, { sold: 100 }), open('Copas', 1500, { sold: 120 })],
    { state: 'sold_out', from: null, to: null },
  ],
  [
    'sold out on sale and the rest closed: Agotado',
    [open('Preventa', 700, { salesUntil: at(-24) }), open('General', 1000, { sold: 100 })],
    { state: 'sold_out', from: null, to: null },
  ],
  [
    'nothing on sale yet, a sale to come: not yet',
    [open('General', 1000, { salesFrom: at(24) }), open('Preventa', 700, { salesUntil: at(-24) })],
    { state: 'not_yet', from: null, to: null },
  ],
  [
    'only hidden types: no public price',
    [open('Lista RPP', 500, { hidden: true })],
    { state: 'none', from: null, to: null },
  ],
];

describe('eventPrice: what a person can buy now', () => {
  it.each(CASES)('%s', (_name, types, expected) => {
    expect(eventPrice(types, NOW)).toEqual(expected);
  });

  it('counts nothing once the event is over or not published', () => {
    expect(eventPrice([open('General', 1000, { eventEndAt: at(-1) })], NOW).state).toBe('closed');
    expect(eventPrice([open('General', 1000, { eventPublished: false })], NOW).state).toBe('closed');
  });

  it('opens and closes on the exact instant: from is inclusive, until and entry-until exclusive', () => {
    expect(eventPrice([open('General', 1000, { salesFrom: NOW })], NOW).state).toBe('on_sale');
    expect(eventPrice([open('General', 1000, { salesUntil: NOW })], NOW).state).toBe('closed');
    expect(eventPrice([open('General', 1000, { entryUntil: NOW })], NOW).state).toBe('closed');
  });
});

// The catalogue reads the price in SQL (features/events/price-sql.ts): every case above, written as an event's
// ticket types, must come back from the API with the price the function gives.
describe.each(DIALECTS)('the SQL price agrees with eventPrice on %s', (dialect) => {
  let t: TestApp;
  const slugs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    const clubId = await insertClub(db, {
      slug: 'sala-regla',
      name: 'Sala Regla',
      barrio: 'Centro',
      openingDays: ['FRI', 'SAT'],
    });
    for (const [i, [, types]] of CASES.entries()) {
      const slug = `regla-${i}`;
      slugs.push(slug);
      const id = await insertEvent(
        db,
        {
          slug,
          clubId,
          name: slug,
          startAt: at(-1),
          endAt: at(6),
          ticketTypes: types.map((type) => ({
            name: type.name,
            priceCents: type.priceCents,
            capacity: type.capacity,
            hidden: type.hidden,
            salesFrom: type.salesFrom === null ? undefined : new Date(type.salesFrom),
            salesUntil: type.salesUntil === null ? undefined : new Date(type.salesUntil),
            entryUntil: type.entryUntil === null ? undefined : new Date(type.entryUntil),
          })),
        },
        'Sala Regla',
      );
      // Sold places and pauses as the sale and the club would leave them.
      for (const [position, type] of types.entries()) {
        await db
          .updateTable('ticket_types')
          .set({ sold: type.sold, sales_paused: type.paused })
          .where('event_id', '=', id)
          .where('position', '=', position)
          .execute();
      }
    }
  }, 60_000);
  afterAll(async () => t?.close());

  it("for every case, the event page and the list give the function's price", async () => {
    const undo = pinClock(NOW);
    try {
      for (const [i, [name, , expected]] of CASES.entries()) {
        const detail = await t.app.inject(`/api/events/${slugs[i]}`);
        expect(detail.statusCode, detail.body).toBe(200);
        expect(detail.json<EventDetail>().price, name).toEqual(expected);
        expect(detail.json<EventDetail>().minPrice, name).toEqual(expected.from);
      }
      const list = await t.app.inject('/api/events?clubId=sala-regla&limit=50');
      const bySlug = new Map(
        list.json<{ items: EventDetail[] }>().items.map((e) => [e.slug, e.price] as const),
      );
      for (const [i, [name, , expected]] of CASES.entries())
        expect(bySlug.get(slugs[i]!), name).toEqual(expected);
    } finally {
      undo();
    }
  });
});
