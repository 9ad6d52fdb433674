// The club's side of paying online: billing settings (its CEO only, Spanish field errors), the event's orders
// summed by status, and cancelling an event refunding every ticket paid by card once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { caller, event, person, staffedClub, type Person } from '../../../test/door-fixture.ts';
import { eventually, paymentsApp, type PaymentsHarness } from '../../../test/payments-fixture.ts';

describe.each(DIALECTS)('paying online, the club side, on %s', (dialect) => {
  let h: PaymentsHarness;
  let call: ReturnType<typeof caller>;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let b: Awaited<ReturnType<typeof staffedClub>>;
  beforeAll(async () => {
    h = await paymentsApp(dialect);
    call = caller(h.t.app);
    const admin: Person = await person(h.t.app, 'admin');
    a = await staffedClub(h.t.app, admin);
    b = await staffedClub(h.t.app, admin);
  });
  afterAll(async () => h.close());

  const billing = {
    legalName: 'Noches del Pez S.L.',
    nif: 'b12345678',
    vatPercent: 10,
    serviceFeeCents: 120,
  };

  it('the CEO sets legal name, NIF, IVA and fee; another club’s CEO and a buyer are refused; bad input names its field', async () => {
    const before = await call('GET', `/api/clubs/${a.club.id}/billing`, a.ceo.cookie);
    expect(before.json()).toMatchObject({ vatPercent: 21, serviceFeeCents: 0, configured: false });
    const saved = await call('PUT', `/api/clubs/${a.club.id}/billing`, a.ceo.cookie, billing);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...billing, nif: 'B12345678', configured: true });
    const stranger = await call('PUT', `/api/clubs/${a.club.id}/billing`, b.ceo.cookie, billing);
    expect(stranger.statusCode).toBe(403);
    expect((await call('GET', `/api/clubs/${a.club.id}/billing`, b.ceo.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/clubs/${a.club.id}/billing`, a.door.cookie)).statusCode).toBe(403);
    const bad = await call('PUT', `/api/clubs/${a.club.id}/billing`, a.ceo.cookie, {
      ...billing,
      nif: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ field: 'nif', message: expect.stringContaining('NIF') });
    const after = await call('GET', `/api/clubs/${a.club.id}/billing`, a.ceo.cookie);
    expect(after.json().nif).toBe('B12345678');
  });

  it('the CEO makes a paid type "online by card" (and back); a free one stays free', async () => {
    const ev = await event(h.t.app, a.club.id, { startsInHours: 48, types: [] });
    const added = await call('POST', `/api/manage/events/${ev.id}/ticket-types`, a.ceo.cookie, {
      name: 'Anticipada online',
      priceCents: 1800,
      capacity: 40,
      payment: 'online',
    });
    expect(added.statusCode, added.body).toBe(201);
    const type = added.json().items.find((x: { name: string }) => x.name === 'Anticipada online');
    expect(type.kind).toBe('online');
    const offers = await call('GET', `/api/events/${ev.id}/ticket-types`);
    expect(offers.json().types[0]).toMatchObject({ kind: 'online', price: { cents: 1800 } });
    const back = await call('PATCH', `/api/manage/events/${ev.id}/ticket-types/${type.id}`, a.ceo.cookie, {
      payment: 'door',
    });
    expect(back.json().items[0].kind).toBe('door');
    const free = await call('POST', `/api/manage/events/${ev.id}/ticket-types`, a.ceo.cookie, {
      name: 'Lista',
      priceCents: 0,
      capacity: 40,
      payment: 'online',
    });
    expect(free.json().items.find((x: { name: string }) => x.name === 'Lista').kind).toBe('free');
  });

  it('cancelling an event refunds each card-paid ticket (price + fee) once, and the club sees its orders by status', async () => {
    await call('PUT', `/api/clubs/${a.club.id}/billing`, a.ceo.cookie, billing);
    const ev = await event(h.t.app, a.club.id, {
      startsInHours: 48,
      types: [{ name: 'Anticipada', priceCents: 2500, capacity: 50, kind: 'online' }],
    });
    const buyers = [await person(h.t.app), await person(h.t.app)];
    for (const buyer of buyers) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: {
          origin: 'http://localhost:3000',
          cookie: buyer.cookie,
          'idempotency-key': crypto.randomUUID(),
        },
        payload: { ticketTypeId: ev.typeId(0), quantity: 2 },
      });
      const orderId = res.json().checkout.orderId as string;
      const session = [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;
      await h.stripe.pay(session.id, { deliver: false }).then((e) => h.stripe.deliver(e));
    }
    const summary = await call('GET', `/api/events/${ev.id}/orders-summary`, a.ceo.cookie);
    expect(summary.json()).toMatchObject({
      byStatus: [{ status: 'fulfilled', orders: 2, tickets: 4, total: { cents: 4 * 2620 } }],
      charged: { cents: 4 * 2620 },
      refunded: { cents: 0 },
    });
    expect((await call('GET', `/api/events/${ev.id}/orders-summary`, b.ceo.cookie)).statusCode).toBe(403);

    const cancelled = await call('POST', `/api/manage/events/${ev.id}/cancel`, a.ceo.cookie);
    expect(cancelled.statusCode).toBe(200);
    await h.t.app.jobs.runDue();
    const after = await eventually(
      async () => (await call('GET', `/api/events/${ev.id}/orders-summary`, a.ceo.cookie)).json(),
      (s) => s.refunded.cents === 4 * 2620,
    );
    expect(after.byStatus).toEqual([expect.objectContaining({ status: 'refunded', orders: 2, tickets: 4 })]);
    await h.t.app.jobs.runDue();
    const intents = new Set(
      (
        await h.t.app.db
          .selectFrom('payment_orders')
          .select('payment_intent')
          .where('event_id', '=', ev.id)
          .execute()
      ).map((o) => o.payment_intent),
    );
    const refunds = h.stripe.refunds.filter((r) => intents.has(r.payment_intent));
    expect(refunds.map((r) => r.amount)).toEqual([2620, 2620, 2620, 2620]);
  });
});
