// A confirmed payment (checkout.session.completed) becomes tickets. The event's id is recorded in the same
// transaction as the order's moves, so a second delivery changes nothing; each move is conditional on the state it
// leaves, so the expiry job and the webhook never both win.
//   pending → paid → fulfilled   the payment recorded (paid_at), then the held places become tickets (fulfilled_at)
//   expired → paid → fulfilled   late payment: tickets if places remain (taken again by the guarded UPDATE)
//   pending|expired → paid + refund job   no places, the person's limit, or the event cancelled or over: the
//                                 money goes back, exactly once (→ refunded), and no ticket is issued
// An order for a waitlist offer (waitlist_entry_id) takes the offer while it is still the buyer's; once the offer
// is gone (expired and passed on, declined) its payment is a late one and follows the same rules.
//   pending|expired → review     the completion is not this order's: another Checkout Session, or an amount or
//                                currency other than the order's total. Nothing is issued; a person looks at it.
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { PaymentOrderStatus } from '../../db/schema.ts';
import type { Notification } from '@nocturna/shared';
import {
  issueOrderTickets,
  publishTicketNotifications,
  releaseHolding,
  takeOfferOfOrder,
} from '../tickets/index.ts';
import { billingOf } from './billing.ts';
import { releaseOrderHold } from './holds.ts';
import { REFUND_ORDER_JOB, type PaymentsContext, type RefundOrderJob } from './context.ts';
import { queueReceiptMail } from './messages.ts';
import { publishOrder } from './orders.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

export type EventRef = { id: string; type: string };
export type Outcome = 'duplicate' | 'unchanged' | 'fulfilled' | 'refunding' | 'unknown_order' | 'review';

// What Stripe reports was paid: the Checkout Session, its total (in the currency's minor unit) and its currency.
export type PaidSession = { sessionId: string; amountTotal: number | null; currency: string | null };
type ReviewReason = 'session' | 'amount' | 'currency';

const PAYABLE: PaymentOrderStatus[] = ['pending', 'expired'];

class LostRace extends Error {}

// Why a payment cannot become tickets (the refund's reason, told to the buyer), by the error issuing them raised.
const UNFULFILLABLE: Record<string, RefundReason | undefined> = {
  TICKETS_SOLD_OUT: 'sold_out',
  TICKET_LIMIT_REACHED: 'limit',
  EVENT_CANCELLED: 'event_cancelled',
  EVENT_FINISHED: 'event_finished',
};
type RefundReason = 'sold_out' | 'limit' | 'event_cancelled' | 'event_finished';

function receiptNumber(orderId: string, at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `NOC-${day}-${orderId.replaceAll('-', '').slice(-10).toUpperCase()}`;
}

// What of a completion does not match the order it names: the metadata carries only the order's id, so the
// session it was made for, the total and the currency are what say this payment is the one the order asked for.
function mismatchOf(order: OrderRow, reported: PaidSession): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (!order.checkout_session_id || order.checkout_session_id !== reported.sessionId) reasons.push('session');
  if (reported.amountTotal === null || reported.amountTotal !== Number(order.total_cents))
    reasons.push('amount');
  if (!reported.currency || reported.currency.toLowerCase() !== order.currency.toLowerCase())
    reasons.push('currency');
  return reasons;
}

export async function completeOrder(
  ctx: PaymentsContext,
  event: EventRef,
  orderId: string,
  paymentIntent: string | null,
  reported: PaidSession,
  now = clock.now(),
): Promise<Outcome> {
  const { db } = ctx;
  const at = now.toISOString();
  const record = { id: event.id, type: event.type, orderId, at };
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.transaction().execute(async (trx) => {
        if (!(await repo.recordEvent(trx, record))) return { outcome: 'duplicate' as const };
        const order = await repo.findPaymentOrder(trx, orderId);
        if (!order) return { outcome: 'unknown_order' as const };
        if (!PAYABLE.includes(order.status)) return { outcome: 'unchanged' as const };
        const mismatch = mismatchOf(order, reported);
        if (mismatch.length > 0) {
          await holdForReview(trx, order, mismatch, paymentIntent, at);
          const expected = {
            sessionId: order.checkout_session_id,
            amountTotal: Number(order.total_cents),
            currency: order.currency,
          };
          return { outcome: 'review' as const, review: { reasons: mismatch, expected } };
        }
        const receipt = receiptNumber(order.id, now);
        const paid = await repo.moveOrder(trx, order.id, order.status, {
          status: 'paid',
          payment_intent: paymentIntent,
          paid_at: at,
          updated_at: at,
        });
        if (!paid) throw new LostRace();
        const issued = await issueTickets(ctx, trx, order, now);
        await repo.moveOrder(trx, order.id, 'paid', {
          status: 'fulfilled',
          fulfilled_at: at,
          receipt_number: receipt,
          updated_at: at,
        });
        const type = await trx
          .selectFrom('ticket_types')
          .innerJoin('events', 'events.id', 'ticket_types.event_id')
          .select(['ticket_types.name as type_name', 'events.name as event_name'])
          .where('ticket_types.id', '=', order.ticket_type_id)
          .executeTakeFirstOrThrow();
        await queueReceiptMail(trx, {
          id: order.id,
          userId: order.user_id,
          receiptNumber: receipt,
          eventName: type.event_name,
          typeName: type.type_name,
          quantity: Number(order.quantity),
          unitPriceCents: Number(order.unit_price_cents),
          feeCents: Number(order.fee_cents),
          totalCents: Number(order.total_cents),
          vatPercent: Number(order.vat_percent),
          legalName: order.legal_name ?? (await billingOf(trx, order.club_id)).legalName,
          nif: order.nif ?? '',
        });
        return { outcome: 'fulfilled' as const, notifications: issued.notifications };
      });
      if (result.outcome === 'fulfilled') {
        await publishTicketNotifications(db, ctx.bus, result.notifications);
        await publishOrder(db, ctx.bus, orderId);
      }
      if (result.outcome === 'review') {
        ctx.log.warn(
          { orderId, eventId: event.id, paymentIntent, ...result.review, got: reported },
          'checkout completion does not match its order: nothing issued, order held for review',
        );
        await publishOrder(db, ctx.bus, orderId);
      }
      return result.outcome;
    } catch (error) {
      // The waitlist offer ended while this ran: once more, it then finds the offer gone (late payment).
      const offerEnded = error instanceof AppError && error.code === 'WAITLIST_OFFER_GONE';
      if ((error instanceof LostRace || offerEnded) && attempt < 3) continue;
      const reason = error instanceof AppError ? UNFULFILLABLE[error.code] : undefined;
      if (reason) return refundUnfulfillable(ctx, record, paymentIntent, reason);
      throw error;
    }
  }
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof repo.findPaymentOrder>>>;

// The order's tickets, in the webhook's transaction. A waitlist offer's order takes the offer while it is still
// this person's (its place was kept in `sold` by the offer; a resold ticket's QR dies in this same commit). Once the
// offer is gone it is a late payment like any other: a ticket if a place remains (the guarded UPDATE), else a refund.
async function issueTickets(
  ctx: PaymentsContext,
  trx: PaymentsContext['db'],
  order: OrderRow,
  now: Date,
): Promise<{ notifications: Notification[] }> {
  if (order.waitlist_entry_id) {
    const taken = await takeOfferOfOrder(
      trx,
      ctx.signer,
      {
        orderId: order.id,
        userId: order.user_id,
        entryId: order.waitlist_entry_id,
        unitPriceCents: Number(order.unit_price_cents),
        promoterId: order.promoter_id,
        holdsPlace: order.status === 'pending',
      },
      now,
    );
    if (taken) return { notifications: taken.notifications };
    // Its share of the limit is taken again with the place, as for any late payment.
    if (order.status === 'pending')
      await releaseHolding(trx, {
        userId: order.user_id,
        ticketTypeId: order.ticket_type_id,
        quantity: Number(order.quantity),
      });
  }
  const issued = await issueOrderTickets(
    trx,
    ctx.signer,
    {
      orderId: order.id,
      userId: order.user_id,
      ticketTypeId: order.ticket_type_id,
      quantity: Number(order.quantity),
      unitPriceCents: Number(order.unit_price_cents),
      promoCode: order.promo_code,
      promoterId: order.promoter_id,
      reserve: order.status === 'expired' || order.waitlist_entry_id !== null,
    },
    now,
  );
  return { notifications: [issued.notification] };
}

// A completion that is not the order's issues nothing and is kept for a person to look at (its payment intent
// with it, to refund once they know what was paid). Its held places are given back now, as an expired hold's
// are: nothing will turn them into tickets on its own, and kept held they would stay off sale for as long as the
// review takes, so a stray or forged completion would take places off sale. A waitlist offer's order gives back
// only the buyer's share of the limit: the offer keeps its place and passes it on when it runs out. An order
// whose hold had already expired holds nothing any more.
async function holdForReview(
  trx: PaymentsContext['db'],
  order: OrderRow,
  reasons: ReviewReason[],
  paymentIntent: string | null,
  at: string,
): Promise<void> {
  const moved = await repo.moveOrder(trx, order.id, order.status, {
    status: 'review',
    review_reason: reasons.join(','),
    payment_intent: paymentIntent,
    updated_at: at,
  });
  if (!moved) throw new LostRace();
  if (order.status === 'pending') await releaseOrderHold(trx, order);
}

// Paid, but no tickets can be issued: the order is kept as paid (with why) and its refund is queued.
async function refundUnfulfillable(
  ctx: PaymentsContext,
  record: { id: string; type: string; orderId: string; at: string },
  paymentIntent: string | null,
  reason: RefundReason,
): Promise<Outcome> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.recordEvent(trx, record))) return 'duplicate' as const;
    const order = await repo.findPaymentOrder(trx, record.orderId);
    if (!order || !PAYABLE.includes(order.status)) return 'unchanged' as const;
    const moved = await repo.moveOrder(trx, order.id, order.status, {
      status: 'paid',
      payment_intent: paymentIntent,
      paid_at: record.at,
      refund_reason: reason,
      updated_at: record.at,
    });
    if (!moved) throw new Error('order moved while refunding; the webhook will be delivered again');
    // A still-held order gives its places (and its share of the person's limit) back.
    if (order.status === 'pending') await releaseOrderHold(trx, order);
    await enqueueJob(trx, REFUND_ORDER_JOB, { orderId: order.id } satisfies RefundOrderJob);
    return 'refunding' as const;
  });
  if (outcome === 'refunding') await publishOrder(ctx.db, ctx.bus, record.orderId);
  return outcome;
}
