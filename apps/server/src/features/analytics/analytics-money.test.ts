// Figures a club owner can trust, with the clock pinned: revenue is money received (card orders paid, less their
// refunds; a door price once its ticket was checked in), what is due at the door is shown apart while the night
// is on, best nights are only nights over by the Madrid 06:00 rule, the CSV speaks the page's language on Madrid's
// clock, and a CEO of another club sees none of it.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { PaymentOrdersTable } from '../../db/schema.ts';
import { pinClock } from '../../clock.ts';
import { insertEvent } from '../../seed/catalogue-writer.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller, getTicket, person, scan, staffedClub, type Person } from '../../../test/door-fixture.ts';

// Friday 21 November 2025 in Madrid (UTC+1): 21:00, before tonight's doors; 00:30 on Saturday, during it.
const BEFORE = '2025-11-21T20:00:00.000Z';
const DURING = '2025-11-21T23:30:00.000Z';
const PERIOD = 'from=2025-11-01&to=2025-11-30';

describe.each(DIALECTS)('money and nights a CEO can trust on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let stranger: Awaited<ReturnType<typeof staffedClub>>;
  let buyer: Person;
  let tonight: string;
  let doorTickets: string[];
  let undo: (() => void) | undefined;
  const pin = (at: string) => {
    undo?.();
    undo = pinClock(at);
  };
  afterEach(() => {
    undo?.();
    undo = undefined;
  });

  const order = (
    status: PaymentOrdersTable['status'],
    totalCents: number,
    refundedCents: number,
  ): Insertable<PaymentOrdersTable> => ({
    id: randomUUID(),
    user_id: buyer.id,
    ticket_type_id: `${tonight}-tt2`,
    event_id: tonight,
    club_id: a.club.id,
    quantity: totalCents / 2100,
    unit_price_cents: 2000,
    fee_cents: 100,
    vat_percent: 21,
    total_cents: totalCents,
    refunded_cents: refundedCents,
    currency: 'EUR',
    status,
    refund_reason: null,
    promo_code: null,
    promoter_id: null,
    checkout_session_id: null,
    checkout_url: null,
    payment_intent: status === 'pending' ? null : `pi_${randomUUID()}`,
    hold_expires_at: '2025-11-20T10:15:00.000Z',
    receipt_number: null,
    created_at: '2025-11-20T10:00:00.000Z',
    paid_at: status === 'pending' || status === 'review' ? null : '2025-11-20T10:05:00.000Z',
    fulfilled_at: null,
    legal_name: null,
    nif: null,
    return_origin: null,
    waitlist_entry_id: null,
    review_reason: status === 'review' ? 'amount' : null,
    updated_at: '2025-11-20T10:05:00.000Z',
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    const admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    stranger = await staffedClub(t.app, admin);
    buyer = await person(t.app);
    const night = (name: string, startAt: string, endAt: string) =>
      insertEvent(
        t.app.db,
        {
          slug: `dinero-${randomUUID()}`,
          clubId: a.club.id,
          name,
          startAt: new Date(startAt),
          endAt: new Date(endAt),
          genres: ['techno'],
          ticketTypes: [
            { name: 'Taquilla', priceCents: 1500, capacity: 100, kind: 'door' },
            { name: 'Online', priceCents: 2000, capacity: 100, kind: 'online' },
          ],
        },
        a.club.name,
      );
    const past = await night('Noche pasada', '2025-11-14T22:00:00.000Z', '2025-11-15T05:00:00.000Z');
    tonight = await night('Esta noche', '2025-11-21T22:00:00.000Z', '2025-11-22T05:00:00.000Z');
    // 00:30 on Saturday 29: the screens and the CSV call it Friday's night.
    const future = await night('Próxima', '2025-11-28T23:30:00.000Z', '2025-11-29T05:00:00.000Z');

    pin('2025-11-14T21:00:00.000Z');
    await getTicket(t.app, buyer, `${past}-tt1`);
    pin(BEFORE);
    doorTickets = (await getTicket(t.app, buyer, `${tonight}-tt1`, 2)).map((x) => x.id);
    // More sold than the past night: ranked by sales it would come first.
    for (let i = 0; i < 3; i++) await getTicket(t.app, await person(t.app), `${future}-tt1`);
    undo?.();
    undo = undefined;

    // Card orders of tonight: paid, refunded whole, refunded in part; pending and held for review are not money.
    const orders = [
      order('fulfilled', 4200, 0),
      order('refunded', 2100, 2100),
      order('partially_refunded', 4200, 2100),
      order('pending', 2100, 0),
      order('review', 2100, 0),
    ];
    await t.app.db
      .insertInto('ticket_orders')
      .values(
        orders.map((o) => ({
          id: o.id,
          user_id: o.user_id,
          idempotency_key: randomUUID(),
          request_hash: 'x',
          ticket_type_id: o.ticket_type_id,
          quantity: o.quantity,
          payment_status: 'paid' as const,
          payment_reference: null,
          created_at: o.created_at,
        })),
      )
      .execute();
    await t.app.db.insertInto('payment_orders').values(orders).execute();
  });
  afterAll(async () => {
    undo?.();
    await t.close();
  });

  const eventFigures = async () => {
    const res = await call('GET', `/api/analytics/events/${tonight}`, a.ceo.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const clubFigures = async () => {
    const res = await call('GET', `/api/analytics/clubs/${a.club.id}?${PERIOD}`, a.ceo.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts card orders paid less refunds, and door tickets only once checked in; what is due at the door apart', async () => {
    pin(BEFORE);
    // 42 € paid + 21 € paid and refunded + 42 € paid with 21 € refunded = 63 €; two door tickets of 15 € due.
    let event = await eventFigures();
    expect(event.summary).toMatchObject({ revenueCents: 6300, expectedAtDoorCents: 3000, checkedIn: 0 });
    expect(event.byType).toEqual([
      expect.objectContaining({ name: 'Taquilla', sold: 2, revenueCents: 0, expectedAtDoorCents: 3000 }),
      expect.objectContaining({ name: 'Online', revenueCents: 6300, expectedAtDoorCents: 0 }),
    ]);
    // The period also holds next Friday: its three door tickets (45 €) are due too.
    let club = await clubFigures();
    expect(club.totals).toMatchObject({ revenueCents: 6300, expectedAtDoorCents: 7500 });

    pin(DURING);
    const checkIn = await scan(t.app, a.door, tonight, { ticketId: doorTickets[0] });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().outcome).toBe('valid');
    event = await eventFigures();
    expect(event.summary).toMatchObject({ revenueCents: 7800, expectedAtDoorCents: 1500, checkedIn: 1 });
    expect(event.byType[0]).toMatchObject({ revenueCents: 1500, expectedAtDoorCents: 1500, checkedIn: 1 });
    // The day each euro came in: the card orders on Thursday 20, the door price at 00:30 on Saturday 22.
    expect(
      event.salesOverTime
        .filter((s: { revenueCents: number }) => s.revenueCents > 0)
        .map((s: { day: string; revenueCents: number }) => [s.day, s.revenueCents]),
    ).toEqual([
      ['2025-11-20', 6300],
      ['2025-11-22', 1500],
    ]);
    club = await clubFigures();
    expect(club.totals).toMatchObject({ revenueCents: 7800, expectedAtDoorCents: 6000, checkedIn: 1 });
    expect(club.events.find((e: { name: string }) => e.name === 'Esta noche')).toMatchObject({
      revenueCents: 7800,
      expectedAtDoorCents: 1500,
    });

    // Once the night is over, a door ticket nobody brought is a no-show, not money to come.
    pin('2025-11-22T05:00:00.000Z');
    event = await eventFigures();
    expect(event.summary).toMatchObject({ revenueCents: 7800, expectedAtDoorCents: 0 });
    club = await clubFigures();
    expect(club.totals).toMatchObject({ revenueCents: 7800, expectedAtDoorCents: 4500 });
  });

  it('ranks as best nights only the nights over by the Madrid 06:00 rule', async () => {
    const best = async () =>
      (await clubFigures()).bestNights.map((e: { name: string }) => e.name) as string[];
    // During tonight, and at 05:59 on Saturday, tonight is not over; next Friday has not come.
    pin(DURING);
    expect(await best()).toEqual(['Noche pasada']);
    pin('2025-11-22T04:59:00.000Z');
    expect(await best()).toEqual(['Noche pasada']);
    // At 06:00 the night has ended: it ranks, first with its one person in.
    pin('2025-11-22T05:00:00.000Z');
    expect(await best()).toEqual(['Esta noche', 'Noche pasada']);
  });

  // After the check-in above.
  it('downloads the nights as CSV on Madrid’s clock, with the pages’ labels and header in es and en', async () => {
    pin(DURING);
    const rows = async (query: string, cookie = a.ceo.cookie) => {
      const res = await call('GET', `/api/analytics/clubs/${a.club.id}/events.csv?${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      return res.body.replace('\uFEFF', '').trim().split('\n');
    };
    expect(await rows(`${PERIOD}&lang=es`)).toEqual([
      'Noche,Evento,Estado,Empieza,Plazas,Vendidas,Ingresos (€),Por cobrar en puerta (€),Entraron',
      '"vie, 14 nov",Noche pasada,publicado,2025-11-14 23:00,200,1,0.00,0.00,0',
      '"vie, 21 nov",Esta noche,publicado,2025-11-21 23:00,200,2,78.00,15.00,1',
      '"vie, 28 nov",Próxima,publicado,2025-11-29 00:30,200,3,0.00,45.00,0',
    ]);
    expect(await rows(`${PERIOD}&lang=en`)).toEqual([
      'Night,Event,Status,Starts,Places,Sold,Revenue (€),Expected at the door (€),Came in',
      'Fri 14 Nov,Noche pasada,published,2025-11-14 23:00,200,1,0.00,0.00,0',
      'Fri 21 Nov,Esta noche,published,2025-11-21 23:00,200,2,78.00,15.00,1',
      'Fri 28 Nov,Próxima,published,2025-11-29 00:30,200,3,0.00,45.00,0',
    ]);
    // Without `lang`, the language the app shows this browser (its cookie).
    expect((await rows(PERIOD, `${a.ceo.cookie}; nocturna.lang=en`))[0]).toMatch(/^Night,Event,/);
    expect((await rows(PERIOD))[0]).toMatch(/^Noche,Evento,/);

    const checkins = await call('GET', `/api/analytics/events/${tonight}/checkins.csv?lang=en`, a.ceo.cookie);
    expect(checkins.body.replace('\uFEFF', '').trim().split('\n')).toEqual([
      'Slot,Entries',
      '2025-11-22 00:30,1',
    ]);
    const types = await call('GET', `/api/analytics/events/${tonight}/types.csv?lang=es`, a.ceo.cookie);
    expect(types.body.replace('\uFEFF', '').trim().split('\n')).toEqual([
      'Tipo,Plazas,Vendidas,Ingresos (€),Por cobrar en puerta (€),Entraron',
      'Taquilla,100,2,15.00,15.00,1',
      'Online,100,0,63.00,0.00,0',
    ]);
    const bad = await call('GET', `/api/analytics/clubs/${a.club.id}/events.csv?lang=fr`, a.ceo.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('shows a CEO none of another club’s figures', async () => {
    pin(DURING);
    for (const url of [
      `/api/analytics/clubs/${a.club.id}?${PERIOD}`,
      `/api/analytics/clubs/${a.club.id}/events.csv?${PERIOD}`,
      `/api/analytics/events/${tonight}`,
      `/api/analytics/events/${tonight}/types.csv`,
    ])
      expect((await call('GET', url, stranger.ceo.cookie)).statusCode, url).toBe(403);
    const own = await call('GET', `/api/analytics/clubs/${stranger.club.id}?${PERIOD}`, stranger.ceo.cookie);
    expect(own.json().totals).toMatchObject({ events: 0, revenueCents: 0, expectedAtDoorCents: 0 });
  });
});
