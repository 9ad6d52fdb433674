// The club's cancellation rule: never, until the start (the default), or until N hours before.
// Its CEO or an admin sets it; cancelTicket and the ticket view follow it; a card ticket cancelled within it is
// refunded once. On SQLite, and on PostgreSQL when configured.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { caller, person, staffedClub, type Person } from '../../../test/door-fixture.ts';
import { buy, hoursFromNow, sessionUsers, soldOf, ticketEvent } from '../../../test/tickets-fixture.ts';
import {
  eventually,
  jobsOfKind,
  orderRow,
  paymentsApp,
  type PaymentsHarness,
} from '../../../test/payments-fixture.ts';

describe.each(DIALECTS)('the club’s cancellation rule on %s', (dialect) => {
  let h: PaymentsHarness;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  beforeAll(async () => {
    h = await paymentsApp(dialect);
    call = caller(h.t.app);
    admin = await person(h.t.app, 'admin');
  });
  afterAll(async () => h.close());

  const setRule = async (clubId: string, rule: Record<string, unknown>) => {
    const res = await call('PUT', `/api/clubs/${clubId}/cancel-rule`, admin.cookie, rule);
    expect(res.statusCode, res.body).toBe(200);
  };
  const moveStart = (eventId: string, hours: number) =>
    h.t.app.db
      .updateTable('events')
      .set({ start_at: hoursFromNow(hours).toISOString(), end_at: hoursFromNow(hours + 6).toISOString() })
      .where('id', '=', eventId)
      .execute();
  const ticketRow = (id: string) =>
    h.t.app.db
      .selectFrom('tickets')
      .select(['status', 'cancelled_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  async function holderOfOne(priceCents = 1500) {
    const ev = await ticketEvent(h.t.app.db, { types: [{ name: 'General', priceCents, capacity: 10 }] });
    const [holder] = await sessionUsers(h.t.app, 1);
    const got = await buy(h.t.app, holder!, { ticketTypeId: ev.typeId(0), quantity: 1 });
    expect(got.statusCode, got.body).toBe(201);
    return { ev, holder: holder!, ticketId: got.json().tickets[0].id as string };
  }

  it('a club that never set a rule keeps today’s: cancellable until the start, shown on the ticket and the offers', async () => {
    const { ev, holder, ticketId } = await holderOfOne();
    const offers = await call('GET', `/api/events/${ev.eventId}/ticket-types`);
    expect(offers.json().cancelRule).toEqual({ mode: 'until_start', hours: null });
    const view = (await call('GET', `/api/tickets/${ticketId}`, holder.cookie)).json();
    expect(view).toMatchObject({ canCancel: true, cancelRule: { mode: 'until_start', hours: null } });
    expect(view.cancellableUntil).toBe(new Date(view.event.startAt).toISOString());
    await moveStart(ev.eventId, 0.5);
    const cancelled = await call('POST', `/api/tickets/${ticketId}/cancel`, holder.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it('"never" refuses with 409 naming the rule and changes nothing: ticket valid, place held, no refund job', async () => {
    const { ev, holder, ticketId } = await holderOfOne();
    await setRule(ev.clubId, { mode: 'never' });
    const view = (await call('GET', `/api/tickets/${ticketId}`, holder.cookie)).json();
    expect(view).toMatchObject({ canCancel: false, cancellableUntil: null, cancelRule: { mode: 'never' } });
    // Resale to the waitlist is another way out, which the rule does not close.
    expect(view.canResell).toBe(true);
    const refused = await call('POST', `/api/tickets/${ticketId}/cancel`, holder.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'TICKET_NOT_CANCELLABLE',
      message: 'Este club no admite cancelaciones.',
    });
    expect(await ticketRow(ticketId)).toMatchObject({ status: 'valid', cancelled_at: null });
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1);
    const refundJobs = await jobsOfKind(h.t.app, 'payments.refund');
    expect(refundJobs.filter((j) => JSON.stringify(j.payload).includes(ticketId))).toEqual([]);
    const offers = await call('GET', `/api/events/${ev.eventId}/ticket-types`);
    expect(offers.json().cancelRule).toEqual({ mode: 'never', hours: null });
  });

  it('"24 h before" allows a cancellation 25 h before the start and refuses one 23 h before', async () => {
    const { ev, holder, ticketId } = await holderOfOne();
    await setRule(ev.clubId, { mode: 'hours_before', hours: 24 });
    await moveStart(ev.eventId, 23);
    const late = (await call('GET', `/api/tickets/${ticketId}`, holder.cookie)).json();
    expect(late.canCancel).toBe(false);
    expect(Date.parse(late.cancellableUntil)).toBe(Date.parse(late.event.startAt) - 24 * 3_600_000);
    const refused = await call('POST', `/api/tickets/${ticketId}/cancel`, holder.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Este club admite cancelaciones hasta 24 h antes del inicio.');
    expect(await ticketRow(ticketId)).toMatchObject({ status: 'valid' });
    await moveStart(ev.eventId, 25);
    expect((await call('GET', `/api/tickets/${ticketId}`, holder.cookie)).json().canCancel).toBe(true);
    const cancelled = await call('POST', `/api/tickets/${ticketId}/cancel`, holder.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ticketRow(ticketId)).toMatchObject({ status: 'cancelled' });
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(0);
  });

  it('a card-paid ticket cancelled within the rule is refunded through Stripe once', async () => {
    const ev = await ticketEvent(h.t.app.db, {
      startsInHours: 72,
      types: [{ name: 'Anticipada', priceCents: 2000, capacity: 10, kind: 'online' }],
    });
    await setRule(ev.clubId, { mode: 'hours_before', hours: 48 });
    const [buyer] = await sessionUsers(h.t.app, 1);
    const started = await buy(h.t.app, buyer!, { ticketTypeId: ev.typeId(0), quantity: 1 }, randomUUID());
    expect(started.statusCode, started.body).toBe(201);
    const orderId = started.json().checkout.orderId as string;
    const session = [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;
    await h.stripe.pay(session.id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const order = await call('GET', `/api/payments/orders/${orderId}`, buyer!.cookie);
    const [ticketId] = order.json().ticketIds as string[];
    const cancelled = await call('POST', `/api/tickets/${ticketId}/cancel`, buyer!.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await h.t.app.jobs.runDue();
    const row = await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'refunded',
    );
    await eventually(
      () => jobsOfKind(h.t.app, 'payments.refund'),
      (jobs) => jobs.length === 0,
    );
    expect(row).toMatchObject({ status: 'refunded' });
    expect(Number(row.refunded_cents)).toBe(2000);
    expect(h.stripe.refunds.filter((r) => r.payment_intent === row.payment_intent)).toEqual([
      expect.objectContaining({ amount: 2000 }),
    ]);
  });

  it('the CEO sets the rule for their club; another club’s CEO and a holder are refused; bad input names its field', async () => {
    const a = await staffedClub(h.t.app, admin);
    const b = await staffedClub(h.t.app, admin);
    const url = `/api/clubs/${a.club.id}/cancel-rule`;
    expect((await call('GET', url, a.ceo.cookie)).json()).toEqual({ mode: 'until_start', hours: null });
    const saved = await call('PUT', url, a.ceo.cookie, { mode: 'hours_before', hours: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ mode: 'hours_before', hours: 12 });
    const stranger = await call('PUT', url, b.ceo.cookie, { mode: 'never' });
    expect(stranger.statusCode).toBe(403);
    expect((await call('GET', url, b.ceo.cookie)).statusCode).toBe(403);
    expect((await call('PUT', url, a.door.cookie, { mode: 'never' })).statusCode).toBe(403);
    const bad: [Record<string, unknown>, string][] = [
      [{ mode: 'hours_before', hours: 0 }, 'hours'],
      [{ mode: 'hours_before', hours: 200 }, 'hours'],
      [{ mode: 'hours_before', hours: -1 }, 'hours'],
      [{ mode: 'hours_before', hours: '24' }, 'hours'],
      [{ mode: 'hours_before', hours: 2.5 }, 'hours'],
      [{ mode: 'hours_before' }, 'hours'],
      [{ mode: 'never', hours: 5 }, 'hours'],
      [{ mode: 'sometimes' }, 'mode'],
    ];
    for (const [body, field] of bad) {
      const res = await call('PUT', url, a.ceo.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatchObject({ field, message: expect.any(String) });
    }
    // Nothing the refused requests sent was kept.
    expect((await call('GET', url, a.ceo.cookie)).json()).toEqual({ mode: 'hours_before', hours: 12 });
    expect((await call('GET', '/api/clubs/no-such-club/cancel-rule', admin.cookie)).statusCode).toBe(404);
  });
});
