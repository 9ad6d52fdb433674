// The payment step of getting tickets, behind one interface. Free and pay-at-the-door types settle at once; an
// "online" type needs a card provider (features/payments, switched on by STRIPE_SECRET_KEY), and without one such
// types are refused (never faked). A card provider does not settle: it holds the places and answers where to pay
// (checkout); the tickets are issued when the payment is confirmed.
import type { CheckoutStarted, PaymentStatus, TicketKind } from '@nocturna/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TypeWithEvent } from './repository.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';

export type PaymentRequest = {
  userId: string;
  ticketTypeId: string;
  quantity: number;
  unitPriceCents: number;
  currency: string;
  // The request's Idempotency-Key: a card provider passes it on so a retried charge is charged once.
  idempotencyKey: string;
};

export type PaymentOutcome = {
  status: PaymentStatus;
  // The provider's reference of the charge (null when there is none).
  reference: string | null;
};

// What a card checkout needs besides the payment request: who buys, the type's event and club, the request's hash
// (a retry with another body is refused), the promoter attribution and the origin to come back to.
export type CheckoutRequest = PaymentRequest & {
  userName: string;
  typeName: string;
  eventId: string;
  eventName: string;
  clubId: string;
  perPersonLimit: number;
  // The total the buyer was shown (null when the client did not say): a different total is refused.
  expectedTotalCents: number | null;
  requestHash: string;
  promoCode: string | null;
  promoterId: string | null;
  origin: string;
  // A place offered by the waitlist: the offer already keeps the place in `sold`, so the order holds only
  // the person's share of the per-person limit, until the offer's own deadline; its payment takes the offer.
  waitlist?: { entryId: string; offerExpiresAt: string };
};

// A checkout of `type` for `buyer`: what every card order says about the type, its event and club; the rest is
// the request's own (how many, at what price, its keys and attribution).
export function checkoutRequestFor(
  type: TypeWithEvent,
  buyer: { id: string; name: string },
  order: Omit<
    CheckoutRequest,
    | 'userId'
    | 'userName'
    | 'ticketTypeId'
    | 'typeName'
    | 'eventId'
    | 'eventName'
    | 'clubId'
    | 'perPersonLimit'
    | 'currency'
  >,
): CheckoutRequest {
  return {
    userId: buyer.id,
    userName: buyer.name,
    ticketTypeId: type.id,
    typeName: type.name,
    eventId: type.event_id,
    eventName: type.event_name,
    clubId: type.club_id,
    perPersonLimit: type.per_person_limit,
    currency: type.currency,
    ...order,
  };
}

export interface PaymentProvider {
  readonly kind: TicketKind;
  // Runs before the tickets are written; throws an AppError when the payment cannot be made.
  settle(request: PaymentRequest): Promise<PaymentOutcome>;
  // A card provider: holds the places and starts the payment; a retry (same key) gets the same checkout back.
  checkout?(request: CheckoutRequest): Promise<CheckoutStarted>;
  // The checkout of an order already made with this key (a retry of the request).
  resume?(orderId: string): Promise<CheckoutStarted>;
  // Ends a still-pending order that paid for a waitlist offer let go (declined or left): no payment after this.
  cancel?(orderId: string): Promise<void>;
}

export const freeProvider: PaymentProvider = {
  kind: 'free',
  async settle(request) {
    if (request.unitPriceCents !== 0)
      throw new AppError(409, 'PAYMENT_UNAVAILABLE', 'Esta entrada no es gratuita.');
    return { status: 'free', reference: null };
  },
};

// Paid in cash or card to the door staff, who see the amount due when they scan the ticket.
export const doorProvider: PaymentProvider = {
  kind: 'door',
  async settle(request) {
    return { status: request.unitPriceCents === 0 ? 'free' : 'due_at_door', reference: null };
  },
};

export type PaymentProviders = Partial<Record<TicketKind, PaymentProvider>>;

export const defaultPaymentProviders: PaymentProviders = { free: freeProvider, door: doorProvider };

export function providerFor(providers: PaymentProviders, kind: TicketKind): PaymentProvider {
  const provider = providers[kind];
  if (!provider)
    throw new AppError(
      409,
      'PAYMENT_UNAVAILABLE',
      'El pago online todavía no está disponible para esta entrada.',
    );
  return provider;
}

// The refund of one ticket paid online (features/payments handles it; a no-op for tickets not paid by card). Asked
// inside the transaction that cancels the ticket, so the refund exists only if the cancellation commits. Other
// features (waitlist, resale, door refusals) enqueue it the same way:
//   enqueueJob(trx, PAYMENTS_REFUND_JOB, { ticketId, reason } satisfies RefundJob)
// and the ticket's share of its order (price + service fee) is refunded through Stripe exactly once.
export const PAYMENTS_REFUND_JOB = 'payments.refund';
export type RefundJob = { ticketId: string; reason: string };

// A cancelled event's card holds end (features/payments): queued in the transaction that cancels the event, so a
// hold still being paid has its Checkout Session closed and its places freed; a payment completing meanwhile is
// refunded, never ticketed.
export const PAYMENTS_EVENT_CANCELLED_JOB = 'payments.event-cancelled';
export type EventCancelledJob = { eventId: string };

export async function refundIfPaidOnline(
  trx: Kysely<Database>,
  ticketId: string,
  reason: string,
): Promise<void> {
  const ticket = await trx
    .selectFrom('tickets')
    .select(['payment_status'])
    .where('id', '=', ticketId)
    .executeTakeFirst();
  // A transferred ticket has no order of its own: the job finds the order that paid for it.
  if (ticket?.payment_status === 'paid')
    await enqueueJob(trx, PAYMENTS_REFUND_JOB, { ticketId, reason } satisfies RefundJob);
}
