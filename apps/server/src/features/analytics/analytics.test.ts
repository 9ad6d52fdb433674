// Event and club analytics checked against a hand-computed fixture, the CSV downloads,
// the CEO dashboard's alerts, the admin's figures and the demo seed button (idempotent).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { TicketsTable } from '../../db/schema.ts';
import { insertEvent } from '../../seed/catalogue-writer.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import {
  caller,
  event as doorEvent,
  getTicket,
  person,
  staffedClub,
  type Person,
} from '../../../test/door-fixture.ts';

describe.each(DIALECTS)('analytics on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let eventA: string;
  const users: Record<string, string> = {};

  // Friday 21 November 2025, 23:00–06:00 Madrid (UTC+1), and the Friday before.
  const START = new Date('2025-11-21T22:00:00.000Z');
  const END = new Date('2025-11-22T05:00:00.000Z');
  const WEEK = 7 * 24 * 3600_000;
  // When the used tickets were let in (their check-ins below).
  const CHECKED_IN: Record<string, string> = {
    t1: '2025-11-21T22:05:00.000Z',
    t2: '2025-11-21T22:40:00.000Z',
    t4: '2025-11-21T22:14:59.000Z',
    b1: '2025-11-14T23:00:00.000Z',
  };

  function ticket(
    id: string,
    userId: string,
    type: 1 | 2,
    status: string,
    createdAt: string,
    promo: string | null = null,
  ): Insertable<TicketsTable> {
    return {
      id: `${eventA}-${id}`,
      event_id: eventA,
      user_id: userId,
      ticket_type_id: `${eventA}-tt${type}`,
      type: type === 1 ? 'General' : 'VIP',
      price_cents: type === 1 ? 1000 : 3000,
      currency: 'EUR',
      status,
      // Paid at the door: its price is money once it is checked in.
      payment_status: 'due_at_door',
      check_in_at: status === 'used' ? (CHECKED_IN[id] ?? null) : null,
      qr_code: randomUUID(),
      created_at: createdAt,
      token_issued_at: null,
      order_id: null,
      promo_code: promo,
      transferred_to: null,
      transferred_from: null,
      cancelled_at: null,
      updated_at: null,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    const promoter = await person(t.app, 'rpp');
    const people = [
      ['u1', '2004-12-01', 'female'],
      ['u2', '1998-01-10', 'male'],
      ['u3', '1990-11-21', 'female'],
      ['u4', '2000-05-05', 'other'],
    ] as const;
    for (const [key, dateOfBirth, gender] of people)
      users[key] = (await signUp(t.app, { dateOfBirth, gender })).id;

    eventA = await insertEvent(
      t.app.db,
      {
        slug: `analitica-${randomUUID()}`,
        clubId: a.club.id,
        name: 'Noche de analítica',
        startAt: START,
        endAt: END,
        genres: ['techno'],
        ticketTypes: [
          {
            name: 'General',
            priceCents: 1000,
            capacity: 100,
            codes: [{ code: 'LUCIA', promoterId: promoter.id }],
          },
          { name: 'VIP', priceCents: 3000, capacity: 20 },
        ],
      },
      a.club.name,
    );
    const eventB = await insertEvent(
      t.app.db,
      {
        slug: `analitica-b-${randomUUID()}`,
        clubId: a.club.id,
        name: 'Noche anterior',
        startAt: new Date(START.getTime() - WEEK),
        endAt: new Date(END.getTime() - WEEK),
        genres: ['techno', 'house'],
        ticketTypes: [{ name: 'General', priceCents: 1000, capacity: 50 }],
      },
      a.club.name,
    );
    await insertEvent(
      t.app.db,
      {
        slug: `analitica-borrador-${randomUUID()}`,
        clubId: a.club.id,
        name: 'Borrador',
        status: 'draft',
        startAt: new Date(START.getTime() + 3600_000),
        endAt: END,
        genres: ['reggaeton'],
      },
      a.club.name,
    );
    const { u1, u2, u3, u4 } = users as Record<'u1' | 'u2' | 'u3' | 'u4', string>;
    await t.app.db
      .insertInto('tickets')
      .values([
        ticket('t1', u1, 1, 'used', '2025-11-19T10:30:00.000Z'),
        ticket('t2', u2, 1, 'used', '2025-11-20T23:30:00.000Z', 'LUCIA'),
        ticket('t3', u3, 2, 'valid', '2025-11-20T12:00:00.000Z'),
        ticket('t4', u1, 2, 'used', '2025-11-20T12:10:00.000Z'),
        ticket('t5', u2, 1, 'cancelled', '2025-11-19T11:00:00.000Z'),
        ticket('t6', u3, 1, 'transferred', '2025-11-19T12:00:00.000Z'),
        ticket('t7', u4, 1, 'valid', '2025-11-20T09:00:00.000Z', 'LUCIA'),
        {
          ...ticket('b1', u1, 1, 'used', '2025-11-10T10:00:00.000Z'),
          id: `${eventB}-b1`,
          event_id: eventB,
          ticket_type_id: `${eventB}-tt1`,
        },
      ])
      .execute();
    await t.app.db
      .insertInto('ticket_history')
      .values({
        id: randomUUID(),
        ticket_id: `${eventA}-t6`,
        event_id: eventA,
        action: 'transferred',
        actor_id: u3,
        counterpart_id: u4,
        related_ticket_id: null,
        detail: null,
        created_at: '2025-11-19T13:00:00.000Z',
      })
      .execute();
    const entry = (
      ticketId: string,
      at: string,
      outcome: 'admitted' | 'duplicate' = 'admitted',
      eventId = eventA,
    ) => ({
      id: randomUUID(),
      ticket_id: ticketId,
      event_id: eventId,
      staff_user_id: a.door.id,
      door: 'Puerta',
      client_id: randomUUID(),
      scanned_at: at,
      synced_at: at,
      offline: false,
      outcome,
      method: 'qr' as const,
    });
    await t.app.db
      .insertInto('check_ins')
      .values([
        entry(`${eventA}-t1`, '2025-11-21T22:05:00.000Z'),
        entry(`${eventA}-t4`, '2025-11-21T22:14:59.000Z'),
        entry(`${eventA}-t2`, '2025-11-21T22:40:00.000Z'),
        entry(`${eventA}-t2`, '2025-11-21T22:41:00.000Z', 'duplicate'),
        entry(`${eventB}-b1`, '2025-11-14T23:00:00.000Z', 'admitted', eventB),
      ])
      .execute();
  });
  afterAll(async () => t.close());

  it("computes an event's figures exactly as counted by hand", async () => {
    const res = await call('GET', `/api/analytics/events/${eventA}`, a.ceo.cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.summary).toEqual({
      capacity: 120,
      // The club's aforo (the fixture's clubs hold 500), beside the 120 places on sale.
      aforo: 500,
      sold: 5,
      // The three checked in paid at the door (10 + 10 + 30 €); the two valid ones never came.
      revenueCents: 5000,
      expectedAtDoorCents: 0,
      checkedIn: 3,
      insideNow: 0,
      noShowRate: 0.4,
      transfers: 1,
      cancellations: 1,
      refused: 0,
    });
    expect(data.byType).toEqual([
      {
        id: `${eventA}-tt1`,
        name: 'General',
        capacity: 100,
        sold: 3,
        revenueCents: 2000,
        expectedAtDoorCents: 0,
        checkedIn: 2,
      },
      {
        id: `${eventA}-tt2`,
        name: 'VIP',
        capacity: 20,
        sold: 2,
        revenueCents: 3000,
        expectedAtDoorCents: 0,
        checkedIn: 1,
      },
    ]);
    // Madrid days: 23:30 UTC on the 20th is 00:30 on the 21st. Tickets count the day they were got, money the
    // day it came in (the door prices on the night, the 21st).
    expect(data.salesOverTime).toEqual([
      { day: '2025-11-19', typeId: `${eventA}-tt1`, tickets: 1, revenueCents: 0 },
      { day: '2025-11-20', typeId: `${eventA}-tt1`, tickets: 1, revenueCents: 0 },
      { day: '2025-11-20', typeId: `${eventA}-tt2`, tickets: 2, revenueCents: 0 },
      { day: '2025-11-21', typeId: `${eventA}-tt1`, tickets: 1, revenueCents: 2000 },
      { day: '2025-11-21', typeId: `${eventA}-tt2`, tickets: 0, revenueCents: 3000 },
    ]);
    expect(data.checkinsBySlot).toEqual([
      { slot: '2025-11-21T22:00:00.000Z', entries: 2 },
      { slot: '2025-11-21T22:30:00.000Z', entries: 1 },
    ]);
    expect(data.byChannel).toEqual([
      { channel: 'direct', sold: 3, checkedIn: 2 },
      { channel: 'promoter', sold: 2, checkedIn: 1 },
      { channel: 'guest_list', sold: 0, checkedIn: 0 },
    ]);
    expect(data.promoters).toEqual([
      { code: 'LUCIA', promoter: expect.stringContaining('Persona'), sold: 2, checkedIn: 1 },
    ]);
    expect(data.ages).toEqual([
      { bucket: '18–20', people: 1 },
      { bucket: '21–24', people: 0 },
      { bucket: '25–29', people: 2 },
      { bucket: '30–34', people: 0 },
      { bucket: '35+', people: 1 },
    ]);
    const genders = [...data.genders].sort((x: { gender: string }, y: { gender: string }) =>
      x.gender.localeCompare(y.gender),
    );
    expect(genders).toEqual([
      { gender: 'female', people: 2 },
      { gender: 'male', people: 1 },
      { gender: 'other', people: 1 },
    ]);
  });

  it("computes a club's period: totals, repeat customers, the same weekday before, best nights, genres", async () => {
    const res = await call(
      'GET',
      `/api/analytics/clubs/${a.club.id}?from=2025-11-01&to=2025-12-31`,
      a.ceo.cookie,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.totals).toEqual({
      events: 2,
      sold: 6,
      revenueCents: 6000,
      expectedAtDoorCents: 0,
      checkedIn: 4,
      customers: 2,
      repeatCustomers: 1,
      noShowRate: 2 / 6,
    });
    expect(data.events.map((e: { name: string }) => e.name)).toEqual([
      'Noche anterior',
      'Noche de analítica',
    ]);
    expect(data.comparison.weekday).toBe('FRI');
    expect(
      data.comparison.nights.map((e: { name: string; checkedIn: number }) => [e.name, e.checkedIn]),
    ).toEqual([
      ['Noche de analítica', 3],
      ['Noche anterior', 1],
    ]);
    expect(data.bestNights[0].name).toBe('Noche de analítica');
    expect(data.topGenres).toEqual([
      { genre: 'techno', events: 2, sold: 6 },
      { genre: 'house', events: 1, sold: 1 },
    ]);
    const bad = await call(
      'GET',
      `/api/analytics/clubs/${a.club.id}?from=2025-12-31&to=2025-11-01`,
      a.ceo.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('to');
  });

  it('downloads each table as CSV', async () => {
    const res = await call('GET', `/api/analytics/events/${eventA}/types.csv`, a.ceo.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.replace('\uFEFF', '').trim().split('\n')).toEqual([
      'Tipo,Plazas,Vendidas,Ingresos (€),Por cobrar en puerta (€),Entraron',
      'General,100,3,20.00,0.00,2',
      'VIP,20,2,30.00,0.00,1',
    ]);
    const club = await call(
      'GET',
      `/api/analytics/clubs/${a.club.id}/genres.csv?from=2025-11-01&to=2025-12-31`,
      a.ceo.cookie,
    );
    expect(club.body.replace('\uFEFF', '').trim().split('\n')).toEqual([
      'Género,Noches,Vendidas',
      'Techno,2,6',
      'House,1,1',
    ]);
  });

  it('alerts the CEO to a night nearly sold out and to a type with no sales 48 h before', async () => {
    const soon = await doorEvent(t.app, a.club.id, {
      startsInHours: 20,
      types: [
        { name: 'General', priceCents: 0, capacity: 10 },
        { name: 'Mesa', priceCents: 20000, capacity: 5 },
      ],
    });
    const buyer = await person(t.app);
    const other = await person(t.app);
    await getTicket(t.app, buyer, soon.typeId(0), 10);
    await getTicket(t.app, other, soon.typeId(1), 4);
    const dash = (await call('GET', '/api/dashboards/ceo', a.ceo.cookie)).json();
    const alerts = dash.alerts.filter((x: { eventId: string }) => x.eventId === soon.id);
    expect(alerts).toEqual([expect.objectContaining({ kind: 'nearly_sold_out', share: 14 / 15 })]);
    const quiet = await doorEvent(t.app, a.club.id, {
      startsInHours: 30,
      types: [{ name: 'Anticipada', priceCents: 1000, capacity: 100 }],
    });
    const again = (await call('GET', '/api/dashboards/ceo', a.ceo.cookie)).json();
    expect(again.alerts).toContainEqual(
      expect.objectContaining({ kind: 'type_without_sales', eventId: quiet.id, typeName: 'Anticipada' }),
    );
    expect([...again.tonight, ...again.next].find((e: { id: string }) => e.id === soon.id)).toMatchObject({
      sold: 14,
      capacity: 15,
    });
  });

  it('gives the admin the platform figures and loads the demo data once however often it is pressed', async () => {
    const before = (await call('GET', '/api/admin/overview', admin.cookie)).json();
    await signUp(t.app);
    const after = (await call('GET', '/api/admin/overview', admin.cookie)).json();
    expect(after.users).toBe(before.users + 1);
    expect(after.newUsersThisWeek).toBe(before.newUsersThisWeek + 1);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', '/api/admin/demo-seed', admin.cookie)).json()).toEqual({ success: true });
    const clubs = await t.app.db
      .selectFrom('clubs')
      .select('id')
      .where('id', 'like', 'demo-club-%')
      .execute();
    const events = await t.app.db
      .selectFrom('events')
      .select('id')
      .where('id', 'like', 'demo-event-%')
      .execute();
    const snaps = await t.app.db.selectFrom('snapshots').select('id').execute();
    expect([clubs.length, events.length, snaps.length]).toEqual([2, 4, 3]);
  });
});
