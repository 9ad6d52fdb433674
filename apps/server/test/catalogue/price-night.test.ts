// One night walked through its hours with the clock pinned: before the presale, during it, when the free list
// opens, after its 01:30, with General and then everything sold out, and after the night. At every hour the list
// card, the event page's range, the JSON-LD offers, the search box and the assistant tell the same price: only
// what a person can buy at that moment.
import type {
  EventDetail,
  EventPrice,
  EventSummary,
  EventTicketTypes,
  Page,
  SearchResults,
} from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinClock } from '../../src/clock.ts';
import { eventJsonLd } from '../../src/features/web/structured-data.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { signUp } from '../auth-helpers.ts';
import { ask } from '../assistant-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

// Friday 4 December 2026 in Madrid (UTC+1): doors at 23:30, closing at 06:00.
const START = '2026-12-04T22:30:00.000Z';
const END = '2026-12-05T05:00:00.000Z';
const NAME = 'Guitarras y Confeti';
const eur = (cents: number) => ({ cents, currency: 'EUR' as const });

type Hour = {
  label: string;
  at: string;
  price: EventPrice;
  // What the assistant says after "Entradas:" when it tells the event (while the event is listed).
  words: string | null;
  listed: boolean;
  before?: (t: TestApp, eventId: string) => Promise<void>;
};

const sellOut = (position: number) => async (t: TestApp, eventId: string) => {
  await t.app.db
    .updateTable('ticket_types')
    .set((eb) => ({ sold: eb.ref('capacity') }))
    .where('event_id', '=', eventId)
    .where('position', '=', position)
    .execute();
};

const HOURS: Hour[] = [
  {
    label: 'Tuesday, before the presale opens',
    at: '2026-12-01T11:00:00.000Z',
    price: { state: 'on_sale', from: eur(1000), to: eur(1500) },
    words: 'desde 10\u00a0€',
    listed: true,
  },
  {
    label: 'Thursday, during the presale',
    at: '2026-12-03T12:00:00.000Z',
    price: { state: 'on_sale', from: eur(700), to: eur(1500) },
    words: 'desde 7\u00a0€',
    listed: true,
  },
  {
    label: 'Friday 20:00, presale closed, free list open',
    at: '2026-12-04T19:00:00.000Z',
    price: { state: 'on_sale', from: eur(0), to: eur(1500) },
    words: 'gratis',
    listed: true,
  },
  {
    label: "01:45, after the free list's 01:30",
    at: '2026-12-05T00:45:00.000Z',
    price: { state: 'on_sale', from: eur(1000), to: eur(1500) },
    words: 'desde 10\u00a0€',
    listed: true,
  },
  {
    label: '01:50, General sold out',
    at: '2026-12-05T00:50:00.000Z',
    price: { state: 'on_sale', from: eur(1500), to: eur(1500) },
    words: 'desde 15\u00a0€',
    listed: true,
    before: sellOut(2),
  },
  {
    label: '02:00, everything on sale sold out',
    at: '2026-12-05T01:00:00.000Z',
    price: { state: 'sold_out', from: null, to: null },
    words: '**Agotado**',
    listed: true,
    before: sellOut(3),
  },
  {
    label: 'Saturday 07:00, the night is over',
    at: '2026-12-05T06:00:00.000Z',
    price: { state: 'closed', from: null, to: null },
    words: null,
    listed: false,
  },
];

describe.each(DIALECTS)('one price through a night on %s', (dialect) => {
  let t: TestApp;
  let eventId: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    const clubId = await insertClub(db, {
      slug: 'sala-confeti',
      name: 'Sala Confeti',
      barrio: 'Malasaña',
      openingDays: ['FRI', 'SAT'],
      priceRange: '10–15 €',
    });
    eventId = await insertEvent(
      db,
      {
        slug: 'guitarras-y-confeti',
        clubId,
        name: NAME,
        startAt: new Date(START),
        endAt: new Date(END),
        genres: ['indie'],
        ticketTypes: [
          {
            name: 'Lista gratis hasta la 01:30',
            priceCents: 0,
            capacity: 50,
            salesFrom: new Date('2026-12-04T17:00:00.000Z'),
            entryUntil: new Date('2026-12-05T00:30:00.000Z'),
          },
          {
            name: 'Preventa',
            priceCents: 700,
            capacity: 50,
            salesFrom: new Date('2026-12-02T11:00:00.000Z'),
            salesUntil: new Date('2026-12-03T22:30:00.000Z'),
          },
          { name: 'General', priceCents: 1000, capacity: 3 },
          { name: 'Entrada + 2 copas', priceCents: 1500, capacity: 2 },
          { name: 'Lista RPP', priceCents: 500, capacity: 40, hidden: true, codes: [{ code: 'CONFETI5' }] },
        ],
      },
      'Sala Confeti',
    );
    cookie = (await signUp(t.app)).cookie;
  }, 60_000);
  afterAll(async () => t?.close());

  // Before the hours below sell General and the rest out.
  it('a price limit finds the event only by what is on sale: not for 5 € after the free list closed', async () => {
    const undo = pinClock('2026-12-05T00:45:00.000Z');
    try {
      const ids = async (maxPrice: number) =>
        (await t.app.inject(`/api/events?clubId=sala-confeti&maxPrice=${maxPrice}`))
          .json<Page<EventSummary>>()
          .items.map((e) => e.id);
      // The free list no longer lets anyone in: the cheapest on sale is General at 10 €.
      expect(await ids(500)).toEqual([]);
      expect(await ids(1000)).toEqual([eventId]);
    } finally {
      undo();
    }
  });

  it.each(HOURS)('$label: every place tells the same price', async (hour) => {
    await hour.before?.(t, eventId);
    const undo = pinClock(hour.at);
    try {
      // The list card.
      const list = await t.app.inject('/api/events?clubId=sala-confeti');
      expect(list.statusCode, list.body).toBe(200);
      const card = list.json<Page<EventSummary>>().items.find((e) => e.id === eventId);
      if (hour.listed) {
        expect(card?.price).toEqual(hour.price);
        expect(card?.minPrice).toEqual(hour.price.from);
      } else expect(card).toBeUndefined();

      // The event page: its range, and the JSON-LD offers drawn from its ticket types.
      const detailRes = await t.app.inject(`/api/events/${eventId}`);
      expect(detailRes.statusCode, detailRes.body).toBe(200);
      const detail = detailRes.json<EventDetail>();
      expect(detail.price).toEqual(hour.price);
      const offersRes = await t.app.inject(`/api/events/${eventId}/ticket-types`);
      expect(offersRes.statusCode, offersRes.body).toBe(200);
      const ld = eventJsonLd(
        detail,
        offersRes.json<EventTicketTypes>(),
        'https://nocturna.test/e',
        'https://nocturna.test',
      );
      const inStock = (ld.offers as { price: string; availability: string; name: string }[])
        .filter((o) => o.availability === 'https://schema.org/InStock')
        .map((o) => Math.round(Number(o.price) * 100));
      if (hour.price.state === 'on_sale') {
        expect(Math.min(...inStock)).toBe(hour.price.from!.cents);
        expect(Math.max(...inStock)).toBe(hour.price.to!.cents);
      } else expect(inStock).toEqual([]);
      // The promoter's hidden list is never offered to search engines.
      expect((ld.offers as { name: string }[]).map((o) => o.name)).not.toContain('Lista RPP');

      // The search box.
      if (hour.listed) {
        const search = await t.app.inject(`/api/search?q=${encodeURIComponent('Guitarras Confeti')}`);
        expect(search.statusCode, search.body).toBe(200);
        const found = search.json<SearchResults>().events.items.find((e) => e.id === eventId);
        expect(found?.price).toEqual(hour.price);
      }

      // The assistant, telling the event, and its card; after the night it no longer finds it among what is on.
      const answer = await ask(t.app, cookie, `Cuéntame más de ${NAME}`);
      expect(answer.status, answer.body).toBe(200);
      if (hour.listed) {
        expect(answer.text).toContain(`Entradas: ${hour.words!}`);
        const cards = answer.events.find((e) => e.type === 'cards');
        const eventCard = cards?.type === 'cards' ? cards.cards.find((c) => c.kind === 'event') : undefined;
        expect(eventCard?.kind === 'event' && eventCard.price).toEqual(hour.price);
      } else expect(answer.text).not.toContain(NAME);
    } finally {
      undo();
    }
  });
});
