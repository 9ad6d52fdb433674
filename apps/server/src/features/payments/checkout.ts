// The card provider behind the tickets' payment interface: a Stripe Checkout Session for the order, its places
// held for HOLD_MINUTES. The order row (keyed by the request's Idempotency-Key), the places, the payment order and
// the expiry job are one transaction; the session is created after it with the same key, so a retry gets the same
// session and is never charged twice.
import { uuidv7 } from 'uuidv7';
import type { CheckoutStarted } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { findOrderByKey, holdPlaces, type CheckoutRequest, type PaymentProvider } from '../tickets/index.ts';
import { billingOf, orderTotal } from './billing.ts';
import { HOLD_EXPIRY_JOB, type HoldExpiryJob, type PaymentsContext } from './context.ts';
import { expireOrder } from './holds.ts';
import * as repo from './repository.ts';

const soldOut = () => new AppError(409, 'TICKETS_SOLD_OUT', 'Agotado: ya no quedan entradas de este tipo.');

export function stripeProvider(ctx: PaymentsContext): PaymentProvider {
  return {
    kind: 'online',
    async settle() {
      throw new AppError(409, 'PAYMENT_UNAVAILABLE', 'Esta entrada se paga con tarjeta.');
    },
    checkout: (request) => startCheckout(ctx, request),
    resume: (orderId) => resumeCheckout(ctx, orderId),
  };
}

export async function resumeCheckout(ctx: PaymentsContext, orderId: string): Promise<CheckoutStarted> {
  const order = await repo.findPaymentOrder(ctx.db, orderId);
  if (!order) throw new AppError(404, 'ORDER_NOT_FOUND', 'No encontramos ese pedido.');
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
  const now = new Date();
  const at = now.toISOString();
  const holdUntil = new Date(now.getTime() + ctx.holdMinutes * 60_000);
  const orderId = uuidv7();

  const held = await db.transaction().execute(async (trx) => {
    const outcome = await holdPlaces(trx, {
      orderId,
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      requestHash: request.requestHash,
      ticketTypeId: request.ticketTypeId,
      quantity: request.quantity,
      at,
    });
    if (outcome === 'replay') return false;
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

  const urls = returnUrls(request.origin, orderId);
  const lineItems = [
    {
      quantity: request.quantity,
      price_data: {
        currency: request.currency.toLowerCase(),
        unit_amount: request.unitPriceCents,
        product_data: { name: `${request.typeName} · ${request.eventName}` },
      },
    },
    ...(fee > 0
      ? [
          {
            quantity: request.quantity,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: fee,
              product_data: { name: 'Gastos de gestión' },
            },
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
        locale: 'es',
      },
      // Stripe's keys are account-wide; ours are per person: the person's id keeps them apart.
      { idempotencyKey: `checkout:${request.userId}:${request.idempotencyKey}` },
    );
    await repo.setCheckoutSession(db, orderId, session.id, session.url ?? '', new Date().toISOString());
    return { orderId, status: 'pending', url: session.url };
  } catch (err) {
    ctx.log.warn({ err, orderId }, 'checkout session not created');
    // Nothing can be paid: the places go back on sale at once.
    await expireOrder(ctx, orderId);
    throw new AppError(
      502,
      'PAYMENT_PROVIDER_ERROR',
      'No hemos podido abrir el pago con tarjeta. Inténtalo de nuevo en un momento.',
    );
  }
}
