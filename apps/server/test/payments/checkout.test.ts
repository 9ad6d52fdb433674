// Paying online through Stripe Checkout (the stand-in): the hold, the webhook (signature, duplicates, order),
// the hold's expiry, late payments, refunds once, and receipts. On SQLite, and on PostgreSQL when configured.
import { toNotification } from '../../src/features/notifications/service.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type PaymentOrder } from '@nocturna/shared';
import { DIALECTS } from '../test-app.ts';
import { TEST_ORIGIN } from '../auth-helpers.ts';
import { listOutbox } from '../../src/features/mail/transport.ts';
import { buy, call, countTickets, sessionUsers, soldOf, ticketEvent } from '../tickets-fixture.ts';
import { connect, connected, nextEvent } from '../realtime-helpers.ts';
import {
  MINUTE,
  countRows,
  eventually,
  jobsOfKind,
  orderRow,
  paymentsApp,
  type PaymentsHarness,
  receiptMails,
} from '../payments-fixture.ts';

describe.each(DIALECTS)('paying online on %s', (dialect) => {
  let h: PaymentsHarness;
  beforeAll(async () => {
    h = await paymentsApp(dialect);
  });
  afterAll(async () => h.close());

  async function onlineEvent(capacity = 10, priceCents = 2000, feeCents = 150, perPersonLimit = 10) {
    const ev = await ticketEvent(h.t.app.db, {
      types: [{ name: 'Anticipada', priceCents, capacity, kind: 'online', perPersonLimit }],
    });
    await h.t.app.db
      .insertInto('club_billing')
      .values({
        club_id: ev.clubId,
        legal_name: 'Noches del Pez S.L.',
        nif: 'B12345678',
        vat_percent: 21,
        service_fee_cents: feeCents,
        updated_at: new Date().toISOString(),
      })
      .execute();
    return ev;
  }

  async function startCheckout(person: { cookie: string }, typeId: string, quantity = 1, key = randomUUID()) {
    const res = await buy(h.t.app, person, { ticketTypeId: typeId, quantity }, key);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.tickets).toEqual([]);
    return { orderId: body.checkout.orderId as string, url: body.checkout.url as string, key };
  }

  const sessionOf = (orderId: string) =>
    [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;

  it('the quote is the total charged: price + fee per ticket, and Checkout gets exactly those lines in cents', async () => {
    const ev = await onlineEvent(10, 2000, 150);
    const quote = await call(h.t.app, 'GET', `/api/payments/quote?ticketTypeId=${ev.typeId(0)}&quantity=2`);
    expect(quote.json()).toMatchObject({
      total: { cents: 4300, currency: 'EUR' },
      feePerTicket: { cents: 150 },
    });
    const [person] = await sessionUsers(h.t.app, 1);
    const { orderId, url } = await startCheckout(person!, ev.typeId(0), 2);
    const session = sessionOf(orderId);
    expect(url).toBe(session.url);
    expect(session.amount_total).toBe(4300);
    expect(session.line_items).toEqual([
      { name: expect.stringContaining('Anticipada'), quantity: 2, unit_amount: 2000 },
      { name: 'Gastos de gestión', quantity: 2, unit_amount: 150 },
    ]);
    expect(session.success_url).toContain(`/tickets/orders/${orderId}?checkout=success`);
    // The hold counts against capacity at once.
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);
    expect((await orderRow(h.t.app, orderId)).status).toBe('pending');
  });

  it('gives Stripe return addresses on the app’s own origin, never the Host header the buyer sent', async () => {
    const ev = await onlineEvent();
    const [person] = await sessionUsers(h.t.app, 1);
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: {
        origin: TEST_ORIGIN,
        cookie: person!.cookie,
        'idempotency-key': randomUUID(),
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      },
      payload: { ticketTypeId: ev.typeId(0), quantity: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = sessionOf(res.json<{ checkout: { orderId: string } }>().checkout.orderId);
    const origin = `http://localhost:${h.t.config.port}`;
    expect(session.success_url.startsWith(`${origin}/tickets/orders/`), session.success_url).toBe(true);
    expect(session.cancel_url.startsWith(`${origin}/`), session.cancel_url).toBe(true);
  });

  it('a retried request (same Idempotency-Key) gets the same checkout: one order, one session, one hold', async () => {
    const ev = await onlineEvent();
    const [person] = await sessionUsers(h.t.app, 1);
    const key = randomUUID();
    const first = await startCheckout(person!, ev.typeId(0), 1, key);
    const again = await buy(h.t.app, person!, { ticketTypeId: ev.typeId(0), quantity: 1 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().checkout).toEqual({ orderId: first.orderId, status: 'pending', url: first.url });
    expect([...h.stripe.sessions.values()].filter((s) => s.metadata.orderId === first.orderId)).toHaveLength(
      1,
    );
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1);
  });

  it('payment confirmed by the webhook issues the tickets, pushes the order live, queues the receipt mail and serves the PDF', async () => {
    const ev = await onlineEvent();
    const [person] = await sessionUsers(h.t.app, 1);
    const socket = await connected(connect(h.url, person!.cookie));
    try {
      const { orderId } = await startCheckout(person!, ev.typeId(0), 2);
      const live = nextEvent<PaymentOrder>(
        socket,
        SOCKET_EVENTS.paymentOrderUpdated,
        (o) => o.id === orderId,
      );
      await h.stripe.pay(sessionOf(orderId).id);
      const pushed = await live;
      expect(pushed.status).toBe('fulfilled');
      expect(pushed.ticketIds).toHaveLength(2);
      const order = await call(h.t.app, 'GET', `/api/payments/orders/${orderId}`, person!.cookie);
      expect(order.json()).toMatchObject({ status: 'fulfilled', total: { cents: 4300 }, quantity: 2 });
      expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(2);
      expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);
      expect(await receiptMails(h, orderId)).toHaveLength(1);
      const pdf = await call(h.t.app, 'GET', `/api/payments/orders/${orderId}/receipt.pdf`, person!.cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Someone else's order (and its receipt) does not exist for them.
      const [stranger] = await sessionUsers(h.t.app, 1);
      expect(
        (await call(h.t.app, 'GET', `/api/payments/orders/${orderId}`, stranger!.cookie)).statusCode,
      ).toBe(404);
      expect(
        (await call(h.t.app, 'GET', `/api/payments/orders/${orderId}/receipt.pdf`, stranger!.cookie))
          .statusCode,
      ).toBe(404);
    } finally {
      socket.disconnect();
    }
  });

  it('the same event delivered twice, and an "expired" arriving after the payment, change nothing the second time', async () => {
    const ev = await onlineEvent();
    const [person] = await sessionUsers(h.t.app, 1);
    const { orderId } = await startCheckout(person!, ev.typeId(0), 1);
    const completed = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
    const first = await h.stripe.deliver(completed);
    const second = await h.stripe.deliver(completed);
    expect(JSON.parse(first.body).outcome).toBe('fulfilled');
    expect(JSON.parse(second.body).outcome).toBe('duplicate');
    // Stripe does not promise order: a late "expired" for this session must not undo the payment.
    const expired = await h.stripe.deliver({
      id: `evt_late_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.expired',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...sessionOf(orderId), status: 'expired' } },
    });
    expect(expired.status).toBe(200);
    expect((await orderRow(h.t.app, orderId)).status).toBe('fulfilled');
    expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(1);
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1);
  });

  it('a forged signature gets 400 and changes nothing', async () => {
    const ev = await onlineEvent();
    const [person] = await sessionUsers(h.t.app, 1);
    const { orderId } = await startCheckout(person!, ev.typeId(0), 1);
    const completed = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
    const events = await countRows(h.t.app, 'payment_events');
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    const res = await h.stripe.deliver(completed, forged);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      field: 'stripe-signature',
    });
    const unsigned = await fetch(`${h.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(completed),
    });
    expect(unsigned.status).toBe(400);
    expect(await countRows(h.t.app, 'payment_events')).toBe(events);
    expect((await orderRow(h.t.app, orderId)).status).toBe('pending');
    expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(0);
  });

  it('a hold that runs out frees its places and closes the Checkout Session; going back (cancel URL) does the same', async () => {
    const ev = await onlineEvent(2);
    const [a, b] = await sessionUsers(h.t.app, 2);
    const held = await startCheckout(a!, ev.typeId(0), 2);
    const full = await buy(h.t.app, b!, { ticketTypeId: ev.typeId(0), quantity: 1 });
    expect(full.json().error.code).toBe('TICKETS_SOLD_OUT');
    await h.t.app.jobs.runDue(new Date(Date.now() + 9 * MINUTE));
    expect((await orderRow(h.t.app, held.orderId)).status).toBe('pending');
    await h.t.app.jobs.runDue(new Date(Date.now() + 11 * MINUTE));
    expect((await orderRow(h.t.app, held.orderId)).status).toBe('expired');
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(0);
    expect(sessionOf(held.orderId).status).toBe('expired');

    // The sold-out memo repeats the database's last "Agotado" for up to a second (tickets/sold-out-memo.ts): the
    // freed place is sold as soon as it lets go, asked again until then rather than after a guessed pause.
    let other = { orderId: '' };
    await vi.waitFor(
      async () => {
        const res = await buy(h.t.app, b!, { ticketTypeId: ev.typeId(0), quantity: 1 });
        expect(res.statusCode, res.body).toBe(201);
        other = { orderId: res.json().checkout.orderId as string };
      },
      { timeout: 15_000, interval: 50 },
    );
    const back = await call(h.t.app, 'POST', `/api/payments/orders/${other.orderId}/abandon`, b!.cookie);
    expect(back.json()).toMatchObject({ status: 'expired', checkoutUrl: null });
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(0);
  });

  it('a late payment for an expired hold gets its tickets when places remain', async () => {
    const ev = await onlineEvent(5);
    const [person] = await sessionUsers(h.t.app, 1);
    const { orderId } = await startCheckout(person!, ev.typeId(0), 2);
    const completed = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
    await h.t.app.jobs.runDue(new Date(Date.now() + 11 * MINUTE));
    expect((await orderRow(h.t.app, orderId)).status).toBe('expired');
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(0);
    const res = await h.stripe.deliver(completed);
    expect(JSON.parse(res.body).outcome).toBe('fulfilled');
    expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(2);
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(2);
  });

  it('a late payment with no places left is refunded once, with a notification and a Spanish e-mail', async () => {
    const ev = await onlineEvent(1, 2000, 100);
    const [late, other] = await sessionUsers(h.t.app, 2);
    const { orderId } = await startCheckout(late!, ev.typeId(0), 1);
    const completed = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
    await h.t.app.jobs.runDue(new Date(Date.now() + 11 * MINUTE));
    const taken = await startCheckout(other!, ev.typeId(0), 1);
    await h.stripe.pay(sessionOf(taken.orderId).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const res = await h.stripe.deliver(completed);
    expect(JSON.parse(res.body).outcome).toBe('refunding');
    expect(await countTickets(h.t.app.db, ev.typeId(0))).toBe(1);
    expect(await soldOf(h.t.app.db, ev.typeId(0))).toBe(1);
    await h.t.app.jobs.runDue();
    await h.t.app.jobs.runDue();
    await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'refunded',
    );
    const intent = (await orderRow(h.t.app, orderId)).payment_intent;
    expect(h.stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([
      expect.objectContaining({ amount: 2100 }),
    ]);
    const order = await orderRow(h.t.app, orderId);
    expect(order).toMatchObject({ status: 'refunded', refund_reason: 'sold_out' });
    expect(Number(order.refunded_cents)).toBe(2100);
    const notes = await h.t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', late!.id)
      .where('type', '=', 'payment_refunded')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message: 'paymentRefunded' });
    expect(toNotification(notes[0]!).title).toContain('Te devolvemos 21,00');
    // The mail job has run by now: the message is in the outbox (no SMTP_URL in tests), in Spanish.
    const outbox = await eventually(
      () => listOutbox(h.t.config, 200),
      (list) => list.some((m) => m.subject.startsWith('Te devolvemos 21,00')),
    );
    const refundMails = outbox.filter((m) => m.subject.startsWith('Te devolvemos 21,00'));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain('se habían agotado');
  });

  it('cancelling a paid ticket refunds its share (price + fee) through Stripe exactly once, even when the job runs twice', async () => {
    const ev = await onlineEvent(10, 2000, 150);
    const [person] = await sessionUsers(h.t.app, 1);
    const { orderId } = await startCheckout(person!, ev.typeId(0), 2);
    await h.stripe.pay(sessionOf(orderId).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const order = await call(h.t.app, 'GET', `/api/payments/orders/${orderId}`, person!.cookie);
    const [ticketId] = order.json().ticketIds as string[];
    const cancelled = await call(h.t.app, 'POST', `/api/tickets/${ticketId}/cancel`, person!.cookie);
    expect(cancelled.statusCode).toBe(200);
    // The same refund asked again (another feature enqueueing it, or a retried job): still one refund.
    await h.t.app.jobs.enqueue('payments.refund', { ticketId, reason: 'ticket_cancelled' });
    await h.t.app.jobs.runDue();
    await h.t.app.jobs.runDue();
    await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'partially_refunded',
    );
    // Both jobs have finished (neither is queued nor running) before counting.
    await eventually(
      () => jobsOfKind(h.t.app, 'payments.refund'),
      (jobs) => jobs.length === 0,
    );
    const row = await orderRow(h.t.app, orderId);
    expect(h.stripe.refunds.filter((r) => r.payment_intent === row.payment_intent)).toEqual([
      expect.objectContaining({ amount: 2150 }),
    ]);
    expect(row).toMatchObject({ status: 'partially_refunded' });
    expect(Number(row.refunded_cents)).toBe(2150);
    const refunds = await h.t.app.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(refunds).toHaveLength(1);
    // A ticket not paid by card: the job is a no-op.
    const free = await ticketEvent(h.t.app.db, { types: [{ name: 'Lista', priceCents: 0, capacity: 5 }] });
    const got = await buy(h.t.app, person!, { ticketTypeId: free.typeId(0), quantity: 1 });
    await h.t.app.jobs.enqueue('payments.refund', {
      ticketId: got.json().tickets[0].id,
      reason: 'door_refused',
    });
    await h.t.app.jobs.runDue();
    expect(await countRows(h.t.app, 'payment_refunds')).toBeGreaterThanOrEqual(1);
    expect(
      await h.t.app.db
        .selectFrom('payment_refunds')
        .select('id')
        .where('ticket_id', '=', got.json().tickets[0].id)
        .execute(),
    ).toEqual([]);
  });

  it('a card ticket passed on by a transfer is refunded to the card that paid for it, once, when its new holder cancels', async () => {
    const ev = await onlineEvent(10, 3000, 200);
    const [payer, friend] = await sessionUsers(h.t.app, 2);
    // Tickets pass only between connections.
    await call(h.t.app, 'POST', '/api/connections/requests', payer!.cookie, { userId: friend!.id });
    const accepted = await call(
      h.t.app,
      'POST',
      `/api/connections/requests/${payer!.id}/accept`,
      friend!.cookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { orderId } = await startCheckout(payer!, ev.typeId(0), 1);
    await h.stripe.pay(sessionOf(orderId).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const [ticketId] = (await call(h.t.app, 'GET', `/api/payments/orders/${orderId}`, payer!.cookie)).json()
      .ticketIds as string[];
    const passed = await call(h.t.app, 'POST', `/api/tickets/${ticketId}/transfer`, payer!.cookie, {
      toUserId: friend!.id,
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const { id: newId } = await h.t.app.db
      .selectFrom('tickets')
      .select('id')
      .where('transferred_from', '=', ticketId!)
      .executeTakeFirstOrThrow();
    const cancelled = await call(h.t.app, 'POST', `/api/tickets/${newId}/cancel`, friend!.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await h.t.app.jobs.enqueue('payments.refund', { ticketId: newId, reason: 'ticket_cancelled' });
    await h.t.app.jobs.runDue();
    await eventually(
      () => jobsOfKind(h.t.app, 'payments.refund'),
      (jobs) => jobs.length === 0,
    );
    const row = await orderRow(h.t.app, orderId);
    expect(row).toMatchObject({ status: 'refunded' });
    expect(Number(row.refunded_cents)).toBe(3200);
    expect(h.stripe.refunds.filter((r) => r.payment_intent === row.payment_intent)).toEqual([
      expect.objectContaining({ amount: 3200 }),
    ]);
    const refunds = await h.t.app.db
      .selectFrom('payment_refunds')
      .select(['ticket_id', 'amount_cents'])
      .where('order_id', '=', orderId)
      .execute();
    expect(refunds).toEqual([{ ticket_id: newId, amount_cents: 3200 }]);
  });

  it('lists my orders, newest first, for the /tickets history', async () => {
    const ev = await onlineEvent();
    const [person] = await sessionUsers(h.t.app, 1);
    const a = await startCheckout(person!, ev.typeId(0), 1);
    const b = await startCheckout(person!, ev.typeId(0), 1);
    const list = await call(h.t.app, 'GET', '/api/payments/orders', person!.cookie);
    expect(list.json().items.map((o: PaymentOrder) => o.id)).toEqual([b.orderId, a.orderId]);
  });
});
