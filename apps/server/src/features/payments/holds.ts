// The end of a hold: the expiry job when its minutes run out (a waitlist offer's order: when the offer does), or the
// buyer going back from Checkout (the cancel URL). The order moves pending → expired and its places go back on
// sale in one transaction; the Checkout Session is then closed so it cannot be paid (if it was paid meanwhile, the
// webhook's late-success path decides).
import type { PaymentsContext } from './context.ts';
import { releaseHolding, releasePlaces } from '../tickets/index.ts';
import { publishOrder } from './orders.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

type HeldOrder = {
  user_id: string;
  ticket_type_id: string;
  quantity: number | string;
  waitlist_entry_id: string | null;
};

// Gives back what a pending order holds, inside the caller's transaction. A waitlist offer's order gives back only
// the person's share of the limit: its place is the offer's, which the waitlist's own expiry (or the person letting
// it go) passes to the next in line.
export async function releaseOrderHold(trx: PaymentsContext['db'], order: HeldOrder): Promise<void> {
  const hold = {
    userId: order.user_id,
    ticketTypeId: order.ticket_type_id,
    quantity: Number(order.quantity),
  };
  if (order.waitlist_entry_id) await releaseHolding(trx, hold);
  else await releasePlaces(trx, hold);
}

export async function expireOrder(
  ctx: PaymentsContext,
  orderId: string,
  now = clock.now(),
): Promise<boolean> {
  const order = await repo.findPaymentOrder(ctx.db, orderId);
  if (!order || order.status !== 'pending') return false;
  const at = now.toISOString();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.moveOrder(trx, orderId, 'pending', { status: 'expired', updated_at: at }))) return false;
    await releaseOrderHold(trx, order);
    return true;
  });
  if (!moved) return false;
  if (order.checkout_session_id) {
    try {
      await ctx.stripe.checkout.sessions.expire(order.checkout_session_id);
    } catch (err) {
      // Already completed (the webhook brings it) or already expired: nothing more to do here.
      ctx.log.info({ err, orderId }, 'checkout session not expired');
    }
  }
  await publishOrder(ctx.db, ctx.bus, orderId);
  return true;
}

// Going back from Checkout (its cancel URL): a hold ends at once, its places back on sale. A waitlist offer's order
// stays payable: the offer is still theirs until its deadline, and they can come back to pay (or let it go).
export async function goBack(ctx: PaymentsContext, orderId: string): Promise<void> {
  const order = await repo.findPaymentOrder(ctx.db, orderId);
  if (!order || order.waitlist_entry_id) return;
  await expireOrder(ctx, orderId);
}

// A cancelled event's holds end at once (the `payments.event-cancelled` job the cancellation queued): their places
// and Checkout Sessions are closed, so nobody pays for that night; a payment that completed meanwhile is refunded
// by the webhook (tickets are never issued for a cancelled event).
export async function expireHoldsOfEvent(ctx: PaymentsContext, eventId: string): Promise<number> {
  const pending = await ctx.db
    .selectFrom('payment_orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .execute();
  let expired = 0;
  for (const order of pending) if (await expireOrder(ctx, order.id)) expired++;
  return expired;
}

// The expiry job runs at the hold's end; an order paid or abandoned meanwhile is left as it is.
export async function expireIfDue(ctx: PaymentsContext, orderId: string, now: Date): Promise<void> {
  const order = await repo.findPaymentOrder(ctx.db, orderId);
  if (!order || order.status !== 'pending') return;
  if (new Date(order.hold_expires_at).getTime() > now.getTime()) return;
  await expireOrder(ctx, orderId, now);
}
