// Refunds through Stripe, each exactly once: the refund is claimed under a unique key ('order:<id>' for a whole
// order, 'ticket:<id>' for one ticket's share), asked of Stripe with that key as its idempotency key (a retried
// job gets the same refund back), and recorded by a conditional UPDATE of the claim — only one run adds it to the
// order and tells the buyer.
import { uuidv7 } from 'uuidv7';
import type { Notification } from '@nocturna/shared';
import { createNotification, publishNotification } from '../notifications/index.ts';
import type { PaymentsContext } from './context.ts';
import { queueRefundMail, refundNotice } from './messages.ts';
import { publishOrder } from './orders.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

type Refund = { key: string; orderId: string; ticketId: string | null; reason: string };

async function refundOnce(
  ctx: PaymentsContext,
  refund: Refund,
  amountOf: (order: {
    total_cents: number;
    refunded_cents: number;
    unit_price_cents: number;
    fee_cents: number;
  }) => number,
): Promise<void> {
  const { db } = ctx;
  const order = await repo.findPaymentOrder(db, refund.orderId);
  if (!order?.payment_intent) return;
  const existing = await repo.findRefund(db, refund.key);
  if (!existing) {
    const amount = Math.min(
      amountOf({
        total_cents: Number(order.total_cents),
        refunded_cents: Number(order.refunded_cents),
        unit_price_cents: Number(order.unit_price_cents),
        fee_cents: Number(order.fee_cents),
      }),
      Number(order.total_cents) - Number(order.refunded_cents),
    );
    if (amount <= 0) return;
    await repo.claimRefund(db, {
      id: uuidv7(),
      refund_key: refund.key,
      order_id: order.id,
      ticket_id: refund.ticketId,
      amount_cents: amount,
      reason: refund.reason,
      status: 'pending',
      stripe_refund_id: null,
      created_at: clock.now().toISOString(),
    });
  }
  const claim = (await repo.findRefund(db, refund.key))!;
  if (claim.status === 'succeeded') return;
  const made = await ctx.stripe.refunds.create(
    {
      payment_intent: order.payment_intent,
      amount: Number(claim.amount_cents),
      reason: 'requested_by_customer',
      metadata: { orderId: order.id, ...(refund.ticketId ? { ticketId: refund.ticketId } : {}) },
    },
    { idempotencyKey: `refund:${refund.key}` },
  );
  const at = clock.now().toISOString();
  const notification = await db.transaction().execute(async (trx): Promise<Notification | null> => {
    if (!(await repo.completeRefund(trx, refund.key, made.id))) return null;
    await repo.addRefunded(trx, order.id, Number(claim.amount_cents), at);
    const event = await trx
      .selectFrom('events')
      .select(['id', 'name'])
      .where('id', '=', order.event_id)
      .executeTakeFirstOrThrow();
    const told = { orderId: order.id, eventName: event.name, amountCents: Number(claim.amount_cents) };
    await queueRefundMail(trx, order.user_id, { ...told, reason: claim.reason });
    return createNotification(
      trx,
      refundNotice(order.user_id, { ...told, eventId: event.id, reason: claim.reason }),
    );
  });
  if (notification) {
    await publishNotification(db, ctx.bus, notification);
    await publishOrder(db, ctx.bus, order.id);
  }
}

// A whole order the buyer paid but got no tickets for.
export async function refundOrder(ctx: PaymentsContext, orderId: string): Promise<void> {
  const order = await repo.findPaymentOrder(ctx.db, orderId);
  if (!order) return;
  await refundOnce(
    ctx,
    { key: `order:${orderId}`, orderId, ticketId: null, reason: order.refund_reason ?? 'requested' },
    (o) => o.total_cents - o.refunded_cents,
  );
}

// The card order that paid for a ticket. A ticket passed on by a transfer has no order of its own: it was paid
// with the first holder's card, so the refund goes back to that order (the chain is short: each hop is a transfer).
const MAX_TRANSFERS = 50;
async function paidOrderOf(db: PaymentsContext['db'], ticketId: string): Promise<string | null> {
  let id: string | null = ticketId;
  for (let hop = 0; id && hop <= MAX_TRANSFERS; hop++) {
    const ticket = await db
      .selectFrom('tickets')
      .select(['order_id', 'payment_status', 'transferred_from'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!ticket || ticket.payment_status !== 'paid') return null;
    if (ticket.order_id) return ticket.order_id;
    id = ticket.transferred_from;
  }
  return null;
}

// One ticket's share of its order (its price and its service fee): the `payments.refund` job's contract.
export async function refundTicket(ctx: PaymentsContext, ticketId: string, reason: string): Promise<void> {
  const orderId = await paidOrderOf(ctx.db, ticketId);
  if (!orderId) return;
  await refundOnce(
    ctx,
    { key: `ticket:${ticketId}`, orderId, ticketId, reason },
    (o) => o.unit_price_cents + o.fee_cents,
  );
}
