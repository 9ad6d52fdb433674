// Races the database must settle when paying online: 300 buyers for the last 100 places, holds first and late
// payments second. Webhooks are delivered concurrently by the Stripe stand-in, some twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { buy, countTickets, sessionUsers, soldOf, ticketEvent } from '../../../test/tickets-fixture.ts';
import { MINUTE, eventually, paymentsApp, type PaymentsHarness } from '../../../test/payments-fixture.ts';

describe.each(DIALECTS)('payment races on %s', (dialect) => {
  let h: PaymentsHarness;
  beforeAll(async () => {
    // Three hundred requests at once queue for the pool's ten connections: they wait for one, as long as it takes.
    h = await paymentsApp(dialect, 10, 120_000);
  });
  afterAll(async () => h.close());

  async function lastHundred() {
    const ev = await ticketEvent(h.t.app.db, {
      types: [{ name: 'Anticipada', priceCents: 1800, capacity: 1100, kind: 'online' }],
    });
    await h.t.app.db.updateTable('ticket_types').set({ sold: 1000 }).where('id', '=', ev.typeId(0)).execute();
    return ev;
  }

  const statuses = async (eventId: string) => {
    const rows = await h.t.app.db
      .selectFrom('payment_orders')
      .select('status')
      .where('event_id', '=', eventId)
      .execute();
    const byStatus: Record<string, number> = {};
    for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    return byStatus;
  };

  // Fails without the `sold + n <= capacity` guard of reserveSeats() that holdPlaces() uses: every buyer gets a
  // hold and a Checkout Session (checked by ignoring its answer on SQLite: 300 × 201).
  it(
    '300 buyers for the last 100 places: exactly 100 holds, 200 "Agotado", and 100 tickets once all pay (10 % webhooks twice)',
    { timeout: 300_000 },
    async () => {
      const ev = await lastHundred();
      const people = await sessionUsers(h.t.app, 300);
      const responses = await Promise.all(
        people.map((p) => buy(h.t.app, p, { ticketTypeId: ev.typeId(0), quantity: 1 })),
      );
      const byStatus: Record<number, number> = {};
      for (const r of responses) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
      expect(byStatus).toEqual({ 201: 100, 409: 200 });
      expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1100);
      const orderIds = responses.filter((r) => r.statusCode === 201).map((r) => r.json().checkout.orderId);
      h.stripe.setDelivery({ delayMs: () => Math.random() * 50, duplicateRate: 0.1 });
      const sessions = [...h.stripe.sessions.values()].filter((s) => orderIds.includes(s.metadata.orderId));
      expect(sessions).toHaveLength(100);
      await Promise.all(sessions.map((s) => h.stripe.pay(s.id)));
      await h.stripe.settled();
      expect(await statuses(ev.eventId)).toEqual({ fulfilled: 100 });
      expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(100);
      expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1100);
      h.stripe.setDelivery({});
    },
  );

  // Fails without the guard in issueOrderTickets() (reserve: true) for late payments: checked by passing
  // reserve: false on SQLite, all 300 got tickets for 100 places.
  it(
    '300 payments arriving after their holds ran out, for 100 places: exactly 100 get tickets, 200 are refunded once',
    { timeout: 300_000 },
    async () => {
      const ev = await lastHundred();
      const people = await sessionUsers(h.t.app, 300);
      const completed = [];
      // Three rounds of 100 holds; each buyer pays at Stripe but the webhook is held back, then the holds run out.
      for (let round = 0; round < 3; round++) {
        const group = people.slice(round * 100, round * 100 + 100);
        const responses = await Promise.all(
          group.map((p) => buy(h.t.app, p, { ticketTypeId: ev.typeId(0), quantity: 1 })),
        );
        expect(responses.every((r) => r.statusCode === 201)).toBe(true);
        for (const r of responses) {
          const session = [...h.stripe.sessions.values()].find(
            (s) => s.metadata.orderId === r.json().checkout.orderId,
          )!;
          completed.push(await h.stripe.pay(session.id, { deliver: false }));
        }
        await h.t.app.jobs.runDue(new Date(Date.now() + (round + 1) * 11 * MINUTE));
        expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1000);
      }
      expect(await statuses(ev.eventId)).toEqual({ expired: 300 });
      // Every late success at once, 10 % of them twice.
      const deliveries = [...completed, ...completed.filter(() => Math.random() < 0.1)];
      const results = await Promise.all(deliveries.map((e) => h.stripe.deliver(e)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(100);
      expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1100);
      await h.t.app.jobs.runDue();
      const settled = await eventually(
        () => statuses(ev.eventId),
        (s) => s.refunded === 200,
        30_000,
      );
      expect(settled).toEqual({ fulfilled: 100, refunded: 200 });
      const orders = await h.t.app.db
        .selectFrom('payment_orders')
        .select(['payment_intent', 'status'])
        .where('event_id', '=', ev.eventId)
        .execute();
      const refunded = new Set(orders.filter((o) => o.status === 'refunded').map((o) => o.payment_intent));
      const refunds = h.stripe.refunds.filter((r) => refunded.has(r.payment_intent));
      expect(refunds).toHaveLength(200);
      expect(new Set(refunds.map((r) => r.payment_intent)).size).toBe(200);
      expect(refunds.every((r) => r.amount === 1800)).toBe(true);
      // No winner was refunded.
      const winners = new Set(orders.filter((o) => o.status === 'fulfilled').map((o) => o.payment_intent));
      expect(h.stripe.refunds.some((r) => winners.has(r.payment_intent))).toBe(false);
    },
  );
});
