// The waitlist and face-value resale of card-paid types against the Stripe stand-in, on
// SQLite and PostgreSQL: an offered place is paid through Checkout (one place, the offer's price plus the club's
// fee, payable until the offer runs out, no second place taken), the signed webhook turns it into the ticket in the
// commit that takes the offer (a resold ticket's QR dying in it, its seller refunded once), a payment after the
// offer has gone is a late one (a ticket if a place remains, otherwise refunded), and letting the offer go ends
// the order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { caller, event, person, staffedClub, type Person as DoorPerson } from '../../../test/door-fixture.ts';
import { buy, call, countTickets, sessionUsers, soldOf, ticketEvent } from '../../../test/tickets-fixture.ts';
import {
  MINUTE,
  eventually,
  jobsOfKind,
  orderRow,
  paymentsApp,
  type PaymentsHarness,
  receiptMails,
} from '../../../test/payments-fixture.ts';

type Person = { id: string; name: string; cookie: string };
const PRICE = 2000;
const FEE = 150;

describe.each(DIALECTS)('the waitlist of a card type on %s', (dialect) => {
  let h: PaymentsHarness;
  beforeAll(async () => {
    h = await paymentsApp(dialect);
  });
  afterAll(async () => h.close());

  const db = () => h.t.app.db;
  const sessionOf = (orderId: string) =>
    [...h.stripe.sessions.values()].find((s) => s.metadata.orderId === orderId)!;
  const join = (p: Person, typeId: string) =>
    call(h.t.app, 'POST', `/api/ticket-types/${encodeURIComponent(typeId)}/waitlist`, p.cookie);
  const entryOf = async (p: Person, eventId: string) =>
    (await call(h.t.app, 'GET', `/api/events/${eventId}/waitlist`, p.cookie)).json().items[0];
  const quoteOf = (p: Person, entryId: string) =>
    call(h.t.app, 'GET', `/api/waitlist/${entryId}/quote`, p.cookie);
  const accept = (p: Person, entryId: string, expectedTotalCents?: number) =>
    call(
      h.t.app,
      'POST',
      `/api/waitlist/${entryId}/accept`,
      p.cookie,
      expectedTotalCents === undefined ? undefined : { expectedTotalCents },
    );
  const ticketOf = (id: string) =>
    db().selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const entryRow = (id: string) =>
    db().selectFrom('ticket_waitlist').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const validOf = async (userIds: string[], typeId: string) =>
    (
      await db()
        .selectFrom('tickets')
        .select('user_id')
        .where('ticket_type_id', '=', typeId)
        .where('status', '=', 'valid')
        .where('user_id', 'in', userIds)
        .execute()
    ).map((r) => r.user_id);
  const held = async (userId: string, typeId: string) =>
    Number(
      (
        await db()
          .selectFrom('ticket_holdings')
          .select('held')
          .where('user_id', '=', userId)
          .where('ticket_type_id', '=', typeId)
          .executeTakeFirst()
      )?.held ?? 0,
    );
  const refundsOf = (paymentIntent: string | null) =>
    h.stripe.refunds.filter((r) => r.payment_intent === paymentIntent);
  const paymentOrdersOf = (userId: string) =>
    db().selectFrom('payment_orders').selectAll().where('user_id', '=', userId).execute();

  // A card type of `capacity` places at PRICE (the club's fee FEE), every place bought and paid by card.
  async function soldOutCardType(capacity: number, perPersonLimit = 4) {
    const ev = await ticketEvent(db(), {
      types: [{ name: 'Anticipada', priceCents: PRICE, capacity, kind: 'online', perPersonLimit }],
    });
    await db()
      .insertInto('club_billing')
      .values({
        club_id: ev.clubId,
        legal_name: 'Noches del Pez S.L.',
        nif: 'B12345678',
        vat_percent: 21,
        service_fee_cents: FEE,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const typeId = ev.typeId(0);
    const holders = await sessionUsers(h.t.app, capacity);
    const tickets: string[] = [];
    const orders: string[] = [];
    for (const holder of holders) {
      const { orderId, ticketId } = await payCard(holder, typeId);
      orders.push(orderId);
      tickets.push(ticketId);
    }
    expect(await soldOf(db(), typeId)).toBe(capacity);
    return { ...ev, typeId, holders, tickets, orders };
  }

  async function payCard(who: Person, typeId: string) {
    const res = await buy(h.t.app, who, { ticketTypeId: typeId, quantity: 1 }, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().checkout.orderId as string;
    await h.stripe.pay(sessionOf(orderId).id, { deliver: false }).then((e) => h.stripe.deliver(e));
    const row = await orderRow(h.t.app, orderId);
    expect(row.status).toBe('fulfilled');
    const ticket = await db()
      .selectFrom('tickets')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { orderId, ticketId: ticket.id };
  }

  // Runs the due jobs and waits until the queue has none of `kind` left to do.
  async function settleJobs(kind: string, at?: Date) {
    await h.t.app.jobs.runDue(at);
    await eventually(
      () => jobsOfKind(h.t.app, kind),
      (jobs) => jobs.every((j) => j.status !== 'queued' && j.status !== 'running'),
    );
  }

  it('a cancelled card ticket is offered, paid through Checkout at price + fee and issued by the signed webhook, once', async () => {
    const s = await soldOutCardType(2);
    const [first, second] = await sessionUsers(h.t.app, 2);
    const joined = await join(first!, s.typeId);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waiting', position: 1 });
    await join(second!, s.typeId);

    // A holder cancels: their card payment is refunded once, and the place goes to the first in line.
    const cancelled = await call(
      h.t.app,
      'POST',
      `/api/tickets/${s.tickets[0]}/cancel`,
      s.holders[0]!.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settleJobs('payments.refund');
    const cancelledOrder = await eventually(
      () => orderRow(h.t.app, s.orders[0]!),
      (o) => o.status === 'refunded',
    );
    expect(refundsOf(cancelledOrder.payment_intent)).toEqual([
      expect.objectContaining({ amount: PRICE + FEE }),
    ]);
    const entry = await entryOf(first!, s.eventId);
    expect(entry).toMatchObject({ status: 'offered' });
    expect(await soldOf(db(), s.typeId)).toBe(2);

    // The total with the fee is known before paying, and is exactly what Checkout charges.
    const quote = await quoteOf(first!, entry.id);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      unitPrice: { cents: PRICE },
      feePerTicket: { cents: FEE },
      total: { cents: PRICE + FEE },
    });
    expect((await quoteOf(second!, entry.id)).statusCode).toBe(404);
    const taken = await accept(first!, entry.id, PRICE + FEE);
    expect(taken.statusCode, taken.body).toBe(201);
    const { checkout } = taken.json();
    expect(checkout).toMatchObject({ status: 'pending', url: expect.stringContaining('http') });
    expect(taken.json().tickets).toEqual([]);
    const order = await orderRow(h.t.app, checkout.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      waitlist_entry_id: entry.id,
      unit_price_cents: PRICE,
      fee_cents: FEE,
      total_cents: PRICE + FEE,
    });
    expect(Number(order.quantity)).toBe(1);
    expect(new Date(order.hold_expires_at).toISOString()).toBe(entry.offerExpiresAt);
    expect(sessionOf(checkout.orderId).amount_total).toBe(PRICE + FEE);
    // No second place: the offer already keeps it. The person's limit counts it as a hold.
    expect(await soldOf(db(), s.typeId)).toBe(2);
    expect(await held(first!.id, s.typeId)).toBe(1);

    const paid = await h.stripe.pay(sessionOf(checkout.orderId).id, { deliver: false });
    const delivered = await h.stripe.deliver(paid);
    expect(JSON.parse(delivered.body).outcome).toBe('fulfilled');
    const fulfilled = await orderRow(h.t.app, checkout.orderId);
    expect(fulfilled.status).toBe('fulfilled');
    expect(fulfilled.receipt_number).toMatch(/^NOC-/);
    const ticket = await db()
      .selectFrom('tickets')
      .selectAll()
      .where('order_id', '=', checkout.orderId)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ user_id: first!.id, status: 'valid', payment_status: 'paid' });
    expect(Number(ticket.price_cents)).toBe(PRICE);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'accepted', ticket_id: ticket.id });
    expect(await soldOf(db(), s.typeId)).toBe(2);
    expect(await held(first!.id, s.typeId)).toBe(1);
    expect(await receiptMails(h, checkout.orderId)).toHaveLength(1);
    const issued = await db()
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', first!.id)
      .where('type', '=', 'ticket_issued')
      .execute();
    expect(issued).toHaveLength(1);

    // Stripe delivers it again: nothing changes.
    const again = await h.stripe.deliver(paid);
    expect(JSON.parse(again.body).outcome).toBe('duplicate');
    expect(await countTickets(db(), s.typeId)).toBe(2);
    expect((await orderRow(h.t.app, checkout.orderId)).status).toBe('fulfilled');
    expect(await soldOf(db(), s.typeId)).toBe(2);
    // Taking it again answers with the same order, now with its ticket.
    const replay = await accept(first!, entry.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({
      replayed: true,
      checkout: { orderId: checkout.orderId, status: 'fulfilled' },
      tickets: [{ id: ticket.id }],
    });
    expect(await entryOf(second!, s.eventId)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('a card-paid ticket resold at face value: the buyer pays, and in one commit their QR is valid and the seller’s is not, refunded once', async () => {
    const s = await soldOutCardType(1);
    const [seller] = s.holders;
    const [buyer, promoter] = await sessionUsers(h.t.app, 2);
    // The original sale was a promoter's; the type's price has gone up since.
    await db()
      .updateTable('tickets')
      .set({ promoter_id: promoter!.id })
      .where('id', '=', s.tickets[0]!)
      .execute();
    await db().updateTable('ticket_types').set({ price_cents: 2600 }).where('id', '=', s.typeId).execute();
    const listed = await call(h.t.app, 'POST', `/api/tickets/${s.tickets[0]}/resale`, seller!.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const entry = (await join(buyer!, s.typeId)).json();
    expect(entry.status).toBe('offered');

    // Never above face value: the seller paid PRICE.
    expect((await quoteOf(buyer!, entry.id)).json().total.cents).toBe(PRICE + FEE);
    const stale = await accept(buyer!, entry.id, 2600 + FEE);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PRICE_CHANGED');
    const taken = await accept(buyer!, entry.id, PRICE + FEE);
    expect(taken.statusCode, taken.body).toBe(201);
    const orderId = taken.json().checkout.orderId as string;
    expect(sessionOf(orderId).amount_total).toBe(PRICE + FEE);
    // Paying is not having: the seller still holds the only valid QR.
    expect(await validOf([seller!.id, buyer!.id], s.typeId)).toEqual([seller!.id]);

    const res = await h.stripe.pay(sessionOf(orderId).id);
    expect(res.type).toBe('checkout.session.completed');
    await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'fulfilled',
    );
    expect(await validOf([seller!.id, buyer!.id], s.typeId)).toEqual([buyer!.id]);
    const old = await ticketOf(s.tickets[0]!);
    expect(old.status).toBe('transferred');
    const mine = await db()
      .selectFrom('tickets')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(mine.price_cents)).toBe(PRICE);
    expect(mine.promoter_id).toBe(promoter!.id);
    expect(await entryRow(entry.id)).toMatchObject({ status: 'accepted', ticket_id: mine.id });
    expect(await held(seller!.id, s.typeId)).toBe(0);
    expect(await held(buyer!.id, s.typeId)).toBe(1);
    expect(await soldOf(db(), s.typeId)).toBe(1);

    await settleJobs('payments.refund');
    const sellerOrder = await eventually(
      () => orderRow(h.t.app, s.orders[0]!),
      (o) => o.status === 'refunded',
    );
    expect(refundsOf(sellerOrder.payment_intent)).toEqual([expect.objectContaining({ amount: PRICE + FEE })]);
    await settleJobs('payments.refund');
    expect(refundsOf(sellerOrder.payment_intent)).toHaveLength(1);
    expect(refundsOf(sessionOf(orderId).payment_intent)).toEqual([]);
  });

  // Decided by the database: the webhook takes the offer only while it is still offered (takeOffer()'s guard, the
  // seller's QR dying in the same commit), and leaving declines it only while it is (declineOffer()'s guard).
  it('paying and leaving the line at once: the buyer gets the resold ticket or the refund, never both QRs valid', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await soldOutCardType(1);
      const [seller] = s.holders;
      const [buyer] = await sessionUsers(h.t.app, 1);
      await call(h.t.app, 'POST', `/api/tickets/${s.tickets[0]}/resale`, seller!.cookie);
      const entry = (await join(buyer!, s.typeId)).json();
      const orderId = (await accept(buyer!, entry.id)).json().checkout.orderId as string;
      const paid = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
      const [left, delivered, again] = await Promise.all([
        call(h.t.app, 'POST', `/api/waitlist/${entry.id}/leave`, buyer!.cookie),
        h.stripe.deliver(paid),
        h.stripe.deliver(paid),
      ]);
      const outcomes = [delivered, again].map((d) => JSON.parse(d.body).outcome).sort();
      const valid = await validOf([seller!.id, buyer!.id], s.typeId);
      expect(valid).toHaveLength(1);
      if (valid[0] === buyer!.id) {
        expect(outcomes).toEqual(['duplicate', 'fulfilled']);
        expect(left.statusCode).toBe(409);
        expect((await ticketOf(s.tickets[0]!)).status).toBe('transferred');
      } else {
        expect(outcomes).toEqual(['duplicate', 'refunding']);
        expect(left.statusCode).toBe(200);
        expect((await orderRow(h.t.app, orderId)).refund_reason).toBe('sold_out');
        expect(await held(buyer!.id, s.typeId)).toBe(0);
      }
      expect(await soldOf(db(), s.typeId)).toBe(1);
      expect(await countTickets(db(), s.typeId)).toBe(1);
    }
  });

  it('an offer that runs out while paying goes to the next in line; the late payment is refunded when no place remains', async () => {
    const s = await soldOutCardType(1);
    const [slow, next] = await sessionUsers(h.t.app, 2);
    const e1 = (await join(slow!, s.typeId)).json();
    await join(next!, s.typeId);
    await call(h.t.app, 'POST', `/api/tickets/${s.tickets[0]}/cancel`, s.holders[0]!.cookie);
    expect((await entryOf(slow!, s.eventId)).status).toBe('offered');
    const orderId = (await accept(slow!, e1.id)).json().checkout.orderId as string;
    const late = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });

    // The offer's deadline passes before Stripe's answer arrives.
    await h.t.app.jobs.runDue(new Date(Date.now() + 16 * MINUTE));
    await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'expired',
    );
    await eventually(
      () => entryOf(next!, s.eventId),
      (e) => e?.status === 'offered',
    );
    expect((await entryRow(e1.id)).status).toBe('expired');
    expect(await soldOf(db(), s.typeId)).toBe(1);
    expect(await held(slow!.id, s.typeId)).toBe(0);

    const res = await h.stripe.deliver(late);
    expect(JSON.parse(res.body).outcome).toBe('refunding');
    await settleJobs('payments.refund-order');
    const refunded = await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'refunded',
    );
    expect(refunded.refund_reason).toBe('sold_out');
    expect(refundsOf(refunded.payment_intent)).toEqual([expect.objectContaining({ amount: PRICE + FEE })]);
    expect(await validOf([slow!.id], s.typeId)).toEqual([]);
    expect((await entryOf(next!, s.eventId)).status).toBe('offered');
    expect(await soldOf(db(), s.typeId)).toBe(1);
    // The same event again: still one refund.
    expect(JSON.parse((await h.stripe.deliver(late)).body).outcome).toBe('duplicate');
    expect(refundsOf(refunded.payment_intent)).toHaveLength(1);
  });

  it('a payment for an offer whose event the club cancelled meanwhile is refunded, never ticketed', async () => {
    const admin: DoorPerson = await person(h.t.app, 'admin');
    const staffed = await staffedClub(h.t.app, admin);
    const billed = await caller(h.t.app)('PUT', `/api/clubs/${staffed.club.id}/billing`, staffed.ceo.cookie, {
      legalName: 'Noches del Pez S.L.',
      nif: 'B12345678',
      vatPercent: 21,
      serviceFeeCents: FEE,
    });
    expect(billed.statusCode).toBe(200);
    const ev = await event(h.t.app, staffed.club.id, {
      startsInHours: 48,
      types: [{ name: 'Anticipada', priceCents: PRICE, capacity: 1, kind: 'online' }],
    });
    const [holder, taker] = await sessionUsers(h.t.app, 2);
    const bought = await payCard(holder!, ev.typeId(0));
    const entry = (await join(taker!, ev.typeId(0))).json();
    await call(h.t.app, 'POST', `/api/tickets/${bought.ticketId}/cancel`, holder!.cookie);
    const orderId = (await accept(taker!, entry.id, PRICE + FEE)).json().checkout.orderId as string;
    const paid = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });

    const cancelled = await caller(h.t.app)('POST', `/api/manage/events/${ev.id}/cancel`, staffed.ceo.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(JSON.parse((await h.stripe.deliver(paid)).body).outcome).toBe('refunding');
    await settleJobs('payments.refund-order');
    const refunded = await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'refunded',
    );
    expect(refunded.refund_reason).toBe('event_cancelled');
    expect(refundsOf(refunded.payment_intent)).toEqual([expect.objectContaining({ amount: PRICE + FEE })]);
    expect(await validOf([taker!.id], ev.typeId(0))).toEqual([]);
    expect(await countTickets(db(), ev.typeId(0), ['valid', 'used'])).toBe(0);
    expect(JSON.parse((await h.stripe.deliver(paid)).body).outcome).toBe('duplicate');
    expect(refundsOf(refunded.payment_intent)).toHaveLength(1);
  });

  it('a payment after the offer ran out gets a ticket when a place remains', async () => {
    const s = await soldOutCardType(1);
    const [slow] = await sessionUsers(h.t.app, 1);
    const e1 = (await join(slow!, s.typeId)).json();
    await call(h.t.app, 'POST', `/api/tickets/${s.tickets[0]}/cancel`, s.holders[0]!.cookie);
    const acc = await accept(slow!, e1.id);
    expect(acc.statusCode, acc.body).toBe(201);
    const orderId = acc.json().checkout.orderId as string;
    const late = await h.stripe.pay(sessionOf(orderId).id, { deliver: false });
    // Nobody else waits: the expired offer's place goes back on sale.
    await h.t.app.jobs.runDue(new Date(Date.now() + 16 * MINUTE));
    await eventually(
      () => soldOf(db(), s.typeId),
      (sold) => sold === 0,
    );
    await eventually(
      () => orderRow(h.t.app, orderId),
      (o) => o.status === 'expired',
    );

    expect(JSON.parse((await h.stripe.deliver(late)).body).outcome).toBe('fulfilled');
    expect(await validOf([slow!.id], s.typeId)).toEqual([slow!.id]);
    expect(await soldOf(db(), s.typeId)).toBe(1);
    expect(await held(slow!.id, s.typeId)).toBe(1);
    expect((await orderRow(h.t.app, orderId)).status).toBe('fulfilled');
    expect(refundsOf(sessionOf(orderId).payment_intent)).toEqual([]);
  });

  it('taking an offer twice answers with the same order, and the per-person limit counts the place being paid', async () => {
    const s = await soldOutCardType(2, 2);
    const [taker] = await sessionUsers(h.t.app, 1);
    // The taker queues, then gets one ticket of the type (a holder cannot join the line: they queue first).
    const entry = (await join(taker!, s.typeId)).json();
    await db().updateTable('ticket_types').set({ capacity: 3 }).where('id', '=', s.typeId).execute();
    await payCard(taker!, s.typeId);
    await call(h.t.app, 'POST', `/api/tickets/${s.tickets[0]}/cancel`, s.holders[0]!.cookie);
    const offered = await entryOf(taker!, s.eventId);
    expect(offered.status).toBe('offered');

    const [a, b] = await Promise.all([accept(taker!, entry.id), accept(taker!, entry.id)]);
    // Both taps meet on the order key `waitlist:<entry>`: one order, one Checkout Session.
    expect([a.statusCode, b.statusCode].every((c) => c === 200 || c === 201)).toBe(true);
    expect(a.json().checkout).toEqual(b.json().checkout);
    const again = await accept(taker!, entry.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, checkout: a.json().checkout });
    expect((await paymentOrdersOf(taker!.id)).filter((o) => o.waitlist_entry_id === entry.id)).toHaveLength(
      1,
    );
    expect(
      [...h.stripe.sessions.values()].filter((x) => x.metadata.orderId === a.json().checkout.orderId),
    ).toHaveLength(1);
    // One ticket and one place being paid: the limit (2) is reached.
    expect(await held(taker!.id, s.typeId)).toBe(2);
    expect(await soldOf(db(), s.typeId)).toBe(3);

    // Another offer to someone already at their limit is refused, and no order is made.
    const s2 = await soldOutCardType(1, 1);
    const [full] = await sessionUsers(h.t.app, 1);
    const e2 = (await join(full!, s2.typeId)).json();
    await call(h.t.app, 'POST', `/api/tickets/${s2.tickets[0]}/cancel`, s2.holders[0]!.cookie);
    expect((await entryOf(full!, s2.eventId)).status).toBe('offered');
    // The person gets a ticket of the type meanwhile (the place returned to sale for a moment).
    await db()
      .insertInto('ticket_holdings')
      .values({ user_id: full!.id, ticket_type_id: s2.typeId, held: 1 })
      .execute();
    const refused = await accept(full!, e2.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TICKET_LIMIT_REACHED');
    expect(await paymentOrdersOf(full!.id)).toEqual([]);
    expect((await entryOf(full!, s2.eventId)).status).toBe('offered');
  });

  it('going back from Checkout keeps the offer theirs; leaving the line with it ends the order and passes the place on', async () => {
    const s = await soldOutCardType(1);
    const [first, next] = await sessionUsers(h.t.app, 2);
    const e1 = (await join(first!, s.typeId)).json();
    await join(next!, s.typeId);
    await call(h.t.app, 'POST', `/api/tickets/${s.tickets[0]}/cancel`, s.holders[0]!.cookie);
    const checkout = (await accept(first!, e1.id)).json().checkout;

    const back = await call(
      h.t.app,
      'POST',
      `/api/payments/orders/${checkout.orderId}/abandon`,
      first!.cookie,
    );
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'pending', checkoutUrl: checkout.url, fromWaitlist: true });
    expect((await entryOf(first!, s.eventId)).status).toBe('offered');
    expect((await accept(first!, e1.id)).json().checkout).toEqual(checkout);

    const left = await call(h.t.app, 'POST', `/api/waitlist/${e1.id}/leave`, first!.cookie);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ status: 'left' });
    expect((await orderRow(h.t.app, checkout.orderId)).status).toBe('expired');
    expect(sessionOf(checkout.orderId).status).toBe('expired');
    expect(await held(first!.id, s.typeId)).toBe(0);
    expect((await entryOf(next!, s.eventId)).status).toBe('offered');
    expect(await soldOf(db(), s.typeId)).toBe(1);
  });
});
