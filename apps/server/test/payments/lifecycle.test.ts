// A card order's life after the payments audit: an event cancelled (or over) while people pay never issues
// tickets and refunds them; the per-person limit counts places held while paying; the order records paid and
// fulfilled (pending → paid → fulfilled, or → paid → refunded) in its history. On SQLite and PostgreSQL.
import { toNotification } from '../../src/features/notifications/service.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrder } from '@nocturna/shared';
import { DIALECTS } from '../test-app.ts';
import { caller, event, person, staffedClub, type Person } from '../door-fixture.ts';
import { listOutbox } from '../../src/features/mail/transport.ts';
import { periodicJobsOf } from '../../src/jobs/periodic.ts';
import { buy, call, countTickets, sessionUsers, soldOf, ticketEvent } from '../tickets-fixture.ts';
import {
  MINUTE,
  eventually,
  jobsOfKind,
  orderRow,
  paymentsApp,
  type PaymentsHarness,
} from '../payments-fixture.ts';

// The job queue's own loop on this server (it claims due jobs every second, and when work is enqueued here).
const queueLoopOf = (app: Parameters<typeof periodicJobsOf>[0]) =>
  periodicJobsOf(app).find((job) => job.name === 'job-queue')!;

describe.each(DIALECTS)('a card order’s life on %s', (dialect) => {
  let h: PaymentsHarness;
  let club: Awaited<ReturnType<typeof staffedClub>>;
  beforeAll(async () => {
    h = await paymentsApp(dialect);
    const admin: Person = await person(h.t.app, 'admin');
    club = await staffedClub(h.t.app, admin);
    const saved = await caller(h.t.app)('PUT', `/api/clubs/${club.club.id}/billing`, club.ceo.cookie, {
      legalName: 'Noches del Pez S.L.',
      nif: 'B12345678',
      vatPercent: 21,
      serviceFeeCents: 100,
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => h.close());

  const sessionOf = (orderId: string) =>
    [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;

  async function startCheckout(who: { cookie: string }, typeId: string, quantity = 1) {
    const res = await buy(h.t.app, who, { ticketTypeId: typeId, quantity }, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().checkout.orderId as string;
  }

  async function onlineType(capacity = 10, perPersonLimit = 10) {
    const ev = await ticketEvent(h.t.app.db, {
      types: [{ name: 'Anticipada', priceCents: 2000, capacity, kind: 'online', perPersonLimit }],
    });
    return ev;
  }

  const orderOf = async (who: { cookie: string }, orderId: string) =>
    (await call(h.t.app, 'GET', `/api/payments/orders/${orderId}`, who.cookie)).json() as PaymentOrder;

  it('cancelling an event ends its holds (Checkout Sessions closed) and a payment arriving after it is refunded, never ticketed', async () => {
    const ev = await event(h.t.app, club.club.id, {
      startsInHours: 48,
      types: [{ name: 'Anticipada', priceCents: 2500, capacity: 20, kind: 'online' }],
    });
    const [holding, paying] = await sessionUsers(h.t.app, 2);
    const held = await startCheckout(holding!, ev.typeId(0), 2);
    const paid = await startCheckout(paying!, ev.typeId(0), 1);
    // Paid at Stripe before the cancellation; its webhook arrives after it.
    const completed = await h.stripe.pay(sessionOf(paid).id, { deliver: false });
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(3);

    // The webhook lands before the cancellation's job has run: the order is still pending, the event is not. The
    // queue's own loop (every second) is held meanwhile, so that order does not depend on the machine's speed.
    const release = await queueLoopOf(h.t.app).hold();
    try {
      const cancelled = await caller(h.t.app)('POST', `/api/manage/events/${ev.id}/cancel`, club.ceo.cookie);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const res = await h.stripe.deliver(completed);
      expect(JSON.parse(res.body).outcome).toBe('refunding');
      expect(await countTickets(h.t.app.db, ev.typeId(0), ['valid', 'used', 'cancelled'])).toBe(0);
    } finally {
      release();
    }

    await h.t.app.jobs.runDue();
    await h.t.app.jobs.runDue();
    const expired = await eventually(
      () => orderRow(h.t.app, held),
      (o) => o.status === 'expired',
    );
    expect(expired.status).toBe('expired');
    expect(sessionOf(held).status).toBe('expired');
    const refunded = await eventually(
      () => orderRow(h.t.app, paid),
      (o) => o.status === 'refunded',
    );
    expect(refunded).toMatchObject({ status: 'refunded', refund_reason: 'event_cancelled' });
    expect(h.stripe.refunds.filter((r) => r.payment_intent === refunded.payment_intent)).toEqual([
      expect.objectContaining({ amount: 2600 }),
    ]);
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(0);
    expect((await orderOf(paying!, paid)).history.map((s) => s.status)).toEqual([
      'pending',
      'paid',
      'refunded',
    ]);
    const notes = await h.t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', paying!.id)
      .where('type', '=', 'payment_refunded')
      .execute();
    expect(notes.map((n) => ({ title: toNotification(n).title, body: toNotification(n).body }))).toEqual([
      { title: expect.stringContaining('Te devolvemos 26,00'), body: expect.stringContaining('cancelado') },
    ]);
    const email = (
      await h.t.app.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', paying!.id)
        .executeTakeFirstOrThrow()
    ).email;
    const mails = await eventually(
      () => listOutbox(h.t.config, 300),
      (list) => list.some((m) => m.to.includes(email) && m.subject.startsWith('Te devolvemos')),
    );
    const mail = mails.find((m) => m.to.includes(email) && m.subject.startsWith('Te devolvemos'));
    expect(mail?.text).toContain('La discoteca ha cancelado el evento.');
  });

  it('a payment for an event that is already over is refunded with its reason, never ticketed', async () => {
    const ev = await onlineType();
    const [late] = await sessionUsers(h.t.app, 1);
    const orderId = await startCheckout(late!, ev.typeId(0), 1);
    const completed = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
    // The night ends before Stripe's webhook reaches us.
    await h.t.app.db
      .updateTable('events')
      .set({ end_at: new Date(Date.now() - MINUTE).toISOString() })
      .where('id', '=', ev.eventId)
      .execute();
    const res = await h.stripe.deliver(completed);
    expect(JSON.parse(res.body).outcome).toBe('refunding');
    expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(0);
    await h.t.app.jobs.runDue();
    const row = await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'refunded',
    );
    expect(row).toMatchObject({ status: 'refunded', refund_reason: 'event_finished' });
    expect(Number(row.refunded_cents)).toBe(Number(row.total_cents));
  });

  it('one account cannot hold more than the per-person limit with parallel requests under new keys', async () => {
    const ev = await onlineType(50, 2);
    const [greedy] = await sessionUsers(h.t.app, 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        buy(h.t.app, greedy!, { ticketTypeId: ev.typeId(0), quantity: 1 }, randomUUID()),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'TICKET_LIMIT_REACHED',
        message: expect.stringContaining('como mucho 2'),
        details: { limit: 2 },
      });
    }
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);
    // Going back from one checkout gives its share of the limit back.
    const first = answers.find((a) => a.statusCode === 201)!.json().checkout.orderId as string;
    const back = await call(h.t.app, 'POST', `/api/payments/orders/${first}/abandon`, greedy!.cookie);
    expect(back.json().status).toBe('expired');
    expect((await buy(h.t.app, greedy!, { ticketTypeId: ev.typeId(0), quantity: 1 })).statusCode).toBe(201);
    expect((await buy(h.t.app, greedy!, { ticketTypeId: ev.typeId(0), quantity: 1 })).json().error.code).toBe(
      'TICKET_LIMIT_REACHED',
    );
  });

  it('a late payment that would take its buyer over the limit is refunded ("limit"), the tickets they hold stay', async () => {
    const ev = await onlineType(10, 2);
    const [buyer] = await sessionUsers(h.t.app, 1);
    const first = await startCheckout(buyer!, ev.typeId(0), 2);
    const lateEvent = await h.stripe.pay(sessionOf(first).id, { deliver: false });
    await h.t.app.jobs.runDue(new Date(Date.now() + 11 * MINUTE));
    expect((await orderRow(h.t.app, first)).status).toBe('expired');
    const second = await startCheckout(buyer!, ev.typeId(0), 2);
    await h.stripe.pay(sessionOf(second).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    expect((await orderRow(h.t.app, second)).status).toBe('fulfilled');

    const res = await h.stripe.deliver(lateEvent);
    expect(JSON.parse(res.body).outcome).toBe('refunding');
    await h.t.app.jobs.runDue();
    const row = await eventually(
      () => orderRow(h.t.app, first),
      (o) => o.status === 'refunded',
    );
    expect(row).toMatchObject({ status: 'refunded', refund_reason: 'limit' });
    expect(h.stripe.refunds.filter((r) => r.payment_intent === row.payment_intent)).toEqual([
      expect.objectContaining({ amount: 2 * 2000 }),
    ]);
    expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(2);
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);
    expect((await orderOf(buyer!, first)).history.map((s) => s.status)).toEqual([
      'pending',
      'expired',
      'paid',
      'refunded',
    ]);
  });

  it('a confirmed payment is recorded as paid, then fulfilled when its tickets are issued, both in the history', async () => {
    const ev = await onlineType();
    const [buyer] = await sessionUsers(h.t.app, 1);
    const orderId = await startCheckout(buyer!, ev.typeId(0), 1);
    const pending = await orderOf(buyer!, orderId);
    expect(pending).toMatchObject({ status: 'pending', paidAt: null, fulfilledAt: null });
    expect(pending.history.map((s) => s.status)).toEqual(['pending']);
    await h.stripe.pay(sessionOf(orderId).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const done = await orderOf(buyer!, orderId);
    expect(done.status).toBe('fulfilled');
    expect(done.paidAt).not.toBeNull();
    expect(done.fulfilledAt).not.toBeNull();
    expect(done.history.map((s) => s.status)).toEqual(['pending', 'paid', 'fulfilled']);
    expect(done.history[1]!.at).toBe(done.paidAt);
    expect(done.history[2]!.at).toBe(done.fulfilledAt);
    // A ticket cancelled afterwards: the refund's move is in the history too.
    const cancelled = await call(h.t.app, 'POST', `/api/tickets/${done.ticketIds[0]}/cancel`, buyer!.cookie);
    expect(cancelled.statusCode).toBe(200);
    await h.t.app.jobs.runDue();
    await eventually(
      () => jobsOfKind(h.t.app, 'payments.refund'),
      (jobs) => jobs.length === 0,
    );
    const after = await eventually(
      () => orderOf(buyer!, orderId),
      (o) => o.status === 'refunded',
    );
    expect(after.history.map((s) => s.status)).toEqual(['pending', 'paid', 'fulfilled', 'refunded']);
  });
});
