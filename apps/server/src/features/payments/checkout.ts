// The card provider behind the tickets' payment interface: a Stripe Checkout Session for the order, its places
// held for HOLD_MINUTES. The order row (keyed by the request's Idempotency-Key), the places, the person's limit,
// the payment order and the expiry job are one transaction; the session is created after it with the same key, so
// a retry gets the same session and is never charged twice. When Stripe cannot be reached the order stays held
// (until its expiry or the buyer going back): the same request retried opens its session then.
import { uuidv7 } from 'uuidv7';
import type { CheckoutStarted } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import {
  findOrderByKey,
  holdOfferedPlace,
  holdPlaces,
  type CheckoutRequest,
  type PaymentProvider,
} from '../tickets/index.ts';
import { billingOf, orderTotal } from './billing.ts';
import { HOLD_EXPIRY_JOB, type HoldExpiryJob, type PaymentsContext } from './context.ts';
import { expireOrder } from './holds.ts';
import { FEE_LABEL, localeOf } from '../mail/index.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

const euros = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const soldOut = () => new AppError(409, 'TICKETS_SOLD_OUT', 'Agotado: ya no quedan entradas de este tipo.');
const limitReached = (limit: number) =>
  new AppError(
    409,
    'TICKET_LIMIT_REACHED',
    `Puedes tener como mucho ${limit} ${limit === 1 ? 'entrada' : 'entradas'} de este tipo (contando las que estás pagando).`,
    { details: { limit } },
  );

export function stripeProvider(ctx: PaymentsContext): PaymentProvider {
  return {
    kind: 'online',
    async settle() {
      throw new AppError(409, 'PAYMENT_UNAVAILABLE', 'Esta entrada se paga con tarjeta.');
    },
    checkout: (request) => startCheckout(ctx, request),
    resume: (orderId) => resumeCheckout(ctx, orderId),
    cancel: async (orderId) => {
      await expireOrder(ctx, orderId);
    },
  };
}

export async function resumeCheckout(ctx: PaymentsContext, orderId: string): Promise<CheckoutStarted> {
  const order = await repo.findPaymentOrder(ctx.db, orderId);
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', 'No encontramos ese pedido.');
  // Its session could not be created the first time: a retry of the same request tries again.
  if (order.status === 'pending' && !order.checkout_url) return openSession(ctx, order);
  return { orderId, status: order.status, url: order.status === 'pending' ? order.checkout_url : null };
}

export function returnUrls(origin: string, orderId: string) {
  const page = `${origin.replace(/\/$/, '')}/tickets/orders/${encodeURIComponent(orderId)}`;
  return { success: `${page}?checkout=success`, cancel: `${page}?checkout=cancelled` };
}

async function startCheckout(ctx: PaymentsContext, request: CheckoutRequest): Promise<CheckoutStarted> {
  const { db } = ctx;
  const billing = await billingOf(db, request.clubId);
  const fee = billing.serviceFeeCents;
  const total = orderTotal(request.unitPriceCents, fee, request.quantity);
  // No surprise at the end: what is charged is what the buyer saw, or nothing is.
  if (request.expectedTotalCents !== null && request.expectedTotalCents !== total)
    throw new AppError(
      409,
      'PRICE_CHANGED',
      `El precio ha cambiado desde que lo viste: el total ahora es ${euros(total)}. Revísalo y vuelve a pulsar Pagar.`,
      { field: 'expectedTotalCents', details: { total: { cents: total, currency: 'EUR' } } },
    );
  const now = clock.now();
  const at = now.toISOString();
  const { waitlist } = request;
  // A waitlist offer's order is payable for as long as the offer lasts; the offer keeps its place in `sold`.
  const holdUntil = waitlist
    ? new Date(waitlist.offerExpiresAt)
    : new Date(now.getTime() + ctx.holdMinutes * 60_000);
  const orderId = uuidv7();

  const held = await db.transaction().execute(async (trx) => {
    const hold = {
      orderId,
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      ticketTypeId: request.ticketTypeId,
      quantity: request.quantity,
      perPersonLimit: request.perPersonLimit,
      at,
    };
    const outcome = waitlist
      ? await holdOfferedPlace(trx, { ...hold, entryId: waitlist.entryId })
      : await holdPlaces(trx, hold);
    if (outcome === 'replay') return false;
    if (outcome === 'limit') throw limitReached(request.perPersonLimit);
    if (outcome === 'sold_out') throw soldOut();
    await repo.insertPaymentOrder(trx, {
      id: orderId,
      user_id: request.userId,
      ticket_type_id: request.ticketTypeId,
      event_id: request.eventId,
      club_id: request.clubId,
      quantity: request.quantity,
      unit_price_cents: request.unitPriceCents,
      fee_cents: fee,
      vat_percent: billing.vatPercent,
      total_cents: total,
      refunded_cents: 0,
      currency: request.currency,
      status: 'pending',
      refund_reason: null,
      promo_code: request.promoCode,
      promoter_id: request.promoterId,
      checkout_session_id: null,
      checkout_url: null,
      payment_intent: null,
      hold_expires_at: holdUntil.toISOString(),
      receipt_number: null,
      created_at: at,
      paid_at: null,
      fulfilled_at: null,
      // What its receipt will say, whatever the club changes later.
      legal_name: billing.legalName,
      nif: billing.nif,
      return_origin: request.origin,
      waitlist_entry_id: waitlist?.entryId ?? null,
      review_reason: null,
      updated_at: at,
    });
    await enqueueJob(trx, HOLD_EXPIRY_JOB, { orderId } satisfies HoldExpiryJob, { runAt: holdUntil });
    return true;
  });
  if (!held) {
    // The same request racing itself: answer with the order that won.
    const prior = await findOrderByKey(db, request.userId, request.idempotencyKey);
    if (!prior || prior.request_hash !== request.requestHash)
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'Esta clave de idempotencia ya se usó con otra petición: genera una nueva para un pedido distinto.',
      );
    return resumeCheckout(ctx, prior.id);
  }

  const order = await repo.findPaymentOrder(db, orderId);
  return openSession(ctx, order!);
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof repo.findPaymentOrder>>>;

// The Checkout Session of a held order, in the buyer's language, with the Idempotency-Key of the request that
// made the order: asked again (a retry after a lost answer), Stripe answers with the same session.
async function openSession(ctx: PaymentsContext, order: OrderRow): Promise<CheckoutStarted> {
  const { db } = ctx;
  const orderId = order.id;
  const names = await db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .innerJoin('ticket_orders', (join) => join.on('ticket_orders.id', '=', orderId))
    .select(['ticket_types.name as type_name', 'events.name as event_name', 'ticket_orders.idempotency_key'])
    .where('ticket_types.id', '=', order.ticket_type_id)
    .executeTakeFirstOrThrow();
  const locale = await localeOf(db, order.user_id);
  const currency = order.currency.toLowerCase();
  const quantity = Number(order.quantity);
  const fee = Number(order.fee_cents);
  const urls = returnUrls(order.return_origin ?? '', orderId);
  const lineItems = [
    {
      quantity,
      price_data: {
        currency,
        unit_amount: Number(order.unit_price_cents),
        product_data: { name: `${names.type_name} · ${names.event_name}` },
      },
    },
    ...(fee > 0
      ? [
          {
            quantity,
            price_data: { currency, unit_amount: fee, product_data: { name: FEE_LABEL[locale] } },
          },
        ]
      : []),
  ];
  try {
    const session = await ctx.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: orderId,
        metadata: { orderId },
        payment_intent_data: { metadata: { orderId } },
        line_items: lineItems,
        success_url: urls.success,
        cancel_url: urls.cancel,
        locale,
      },
      // Stripe's keys are account-wide; ours are per person: the person's id keeps them apart.
      { idempotencyKey: `checkout:${order.user_id}:${names.idempotency_key}` },
    );
    await repo.setCheckoutSession(db, orderId, session.id, session.url ?? '', clock.now().toISOString());
    return { orderId, status: 'pending', url: session.url };
  } catch (err) {
    ctx.log.warn({ err, orderId }, 'checkout session not created');
    // The places stay held for this order until its hold runs out: retrying the same request opens the session.
    throw new AppError(
      502,
      'PAYMENT_PROVIDER_ERROR',
      'No hemos podido abrir el pago con tarjeta. Inténtalo de nuevo en un momento.',
    );
  }
}
