// Races the database must settle, fired as concurrent HTTP requests at one app (on PostgreSQL they run on the
// pool's 10 connections at once, under READ COMMITTED).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buy, call, countTickets, sessionUsers, soldOf, ticketEvent } from '../../../test/tickets-fixture.ts';

describe.each(DIALECTS)('ticket races on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // 500 requests at once on PostgreSQL's 10 connections: a request waits for one longer than the server's usual
    // 5 s when the machine is loaded (then it answers 503, its load shedding). These tests are about the race, so a
    // request waits as long as the test may take; the shedding has tests of its own.
    t = await createTestApp(dialect, { databasePoolWaitMs: 60_000 });
  });
  afterAll(async () => t.close());

  // Fails without the `sold + n <= capacity` condition of reserveSeats() (repository.ts): nothing reads `sold`
  // before it, and the sold-out memo only repeats a refusal the database made, so without the condition all 500
  // get a ticket for 50 places (checked by removing it: 500 × 201 on both engines).
  it(
    '500 people racing for the last 50 places get exactly 50 tickets and 450 "Agotado"',
    { timeout: 60_000 },
    async () => {
      const ev = await ticketEvent(t.app.db, {
        types: [{ name: 'General', priceCents: 1500, capacity: 550 }],
      });
      await t.app.db.updateTable('ticket_types').set({ sold: 500 }).where('id', '=', ev.typeId(0)).execute();
      const people = await sessionUsers(t.app, 500);
      const responses = await Promise.all(
        people.map((p) => buy(t.app, p, { ticketTypeId: ev.typeId(0), quantity: 1 })),
      );
      const byStatus = new Map<number, number>();
      for (const r of responses) byStatus.set(r.statusCode, (byStatus.get(r.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 201: 50, 409: 450 });
      const refusals = responses.filter((r) => r.statusCode === 409).map((r) => r.json().error);
      expect(refusals.every((e) => e.code === 'TICKETS_SOLD_OUT' && e.message.startsWith('Agotado'))).toBe(
        true,
      );
      expect(await soldOf(t.app.db, ev.typeId(0))).toBe(550);
      expect(await countTickets(t.app.db, ev.typeId(0))).toBe(50);
      // Only the winners hold a ticket, order row and notification.
      const winners = new Set(responses.flatMap((r, i) => (r.statusCode === 201 ? [people[i]!.id] : [])));
      const holders = await t.app.db
        .selectFrom('tickets')
        .select('user_id')
        .where('ticket_type_id', '=', ev.typeId(0))
        .execute();
      expect(new Set(holders.map((h) => h.user_id))).toEqual(winners);
      const orders = await t.app.db
        .selectFrom('ticket_orders')
        .select('user_id')
        .where('ticket_type_id', '=', ev.typeId(0))
        .execute();
      expect(orders).toHaveLength(50);
    },
  );

  // Fails without the `held + n <= per_person_limit` WHERE of addHolding()'s upsert (repository.ts): the
  // parallel requests of one person all pass the checks made before the transaction and she gets 20
  // (checked by removing the WHERE).
  it('one person firing 20 parallel requests against a limit of 4 gets exactly 4 tickets', async () => {
    const ev = await ticketEvent(t.app.db, {
      types: [{ name: 'VIP', priceCents: 6000, capacity: 100, perPersonLimit: 4 }],
    });
    const [person] = await sessionUsers(t.app, 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => buy(t.app, person!, { ticketTypeId: ev.typeId(0), quantity: 1 })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(
      responses
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json().error.code === 'TICKET_LIMIT_REACHED'),
    ).toBe(true);
    expect(await countTickets(t.app.db, ev.typeId(0))).toBe(4);
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(4);
    const ids = responses.flatMap((r) =>
      r.statusCode === 201 ? r.json().tickets.map((x: { id: string }) => x.id) : [],
    );
    expect(new Set(ids).size).toBe(4);
  });

  // Fails without the unique (user_id, idempotency_key) of ticket_orders that insertOrder()'s ON CONFLICT DO NOTHING
  // stands on (checked by dropping it from migration 0009: every copy then fails with a 500).
  it('the same request sent 10 times at once (same Idempotency-Key) makes one order and every copy gets its tickets', async () => {
    const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1500, capacity: 100 }] });
    const [person] = await sessionUsers(t.app, 1);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(t.app, person!, { ticketTypeId: ev.typeId(0), quantity: 2 }, 'same-key-for-all'),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const idSets = responses.map((r) => JSON.stringify(r.json().tickets.map((x: { id: string }) => x.id)));
    expect(new Set(idSets).size).toBe(1);
    expect(await countTickets(t.app.db, ev.typeId(0))).toBe(2);
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(2);
  });

  // Fails without `status = 'valid'` in leaveValid()'s UPDATE: every cancel would release a place (checked by
  // removing it: `sold` drops to 0 on both engines).
  it('two cancels of one ticket at once free its place once', async () => {
    const ev = await ticketEvent(t.app.db, { types: [{ name: 'General', priceCents: 1500, capacity: 100 }] });
    const [person] = await sessionUsers(t.app, 1);
    const ticket = (await buy(t.app, person!, { ticketTypeId: ev.typeId(0), quantity: 2 })).json().tickets[0];
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', `/api/tickets/${ticket.id}/cancel`, person!.cookie),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await soldOf(t.app.db, ev.typeId(0))).toBe(1);
    const holding = await t.app.db
      .selectFrom('ticket_holdings')
      .select('held')
      .where('user_id', '=', person!.id)
      .executeTakeFirstOrThrow();
    expect(Number(holding.held)).toBe(1);
  });
});
