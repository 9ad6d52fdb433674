// The payments feature: with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, the card provider that online ticket
// types use (app.paymentProviders, handed to the tickets routes), the webhook, the hold-expiry and refund jobs.
// Without them the app behaves as before: online types answer PAYMENT_UNAVAILABLE. The quote, orders and
// billing routes exist either way.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PAYMENTS_EVENT_CANCELLED_JOB,
  PAYMENTS_REFUND_JOB,
  defaultPaymentProviders,
  type PaymentProviders,
  type RefundJob,
} from '../tickets/index.ts';
import { stripeProvider } from './checkout.ts';
import { HOLD_EXPIRY_JOB, REFUND_ORDER_JOB, type PaymentsContext } from './context.ts';
import { expireHoldsOfEvent, expireIfDue } from './holds.ts';
import { refundOrder, refundTicket } from './refunds.ts';
import { paymentRoutes } from './routes.ts';
import { createStripeClient } from './stripe-client.ts';
import { webhookRoutes } from './webhook-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProviders: PaymentProviders;
  }
}

const orderJob = z.object({ orderId: z.string().min(1) });
const refundJob = z.object({
  ticketId: z.string().min(1),
  reason: z.string().min(1),
}) satisfies z.ZodType<RefundJob>;

export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const stripeConfig = app.config.stripe;
    const ctx: PaymentsContext | null = stripeConfig
      ? {
          db: app.db,
          bus: app.realtime,
          stripe: createStripeClient(stripeConfig),
          signer: app.ticketSigner,
          holdMinutes: app.config.holdMinutes,
          log: app.log.child({ feature: 'payments' }),
        }
      : null;
    app.decorate(
      'paymentProviders',
      ctx ? { ...defaultPaymentProviders, online: stripeProvider(ctx) } : defaultPaymentProviders,
    );
    await app.register(paymentRoutes, { ctx: () => ctx });

    // The refund of one paid ticket (contract in tickets/payment.ts); without Stripe nothing was paid by card, and
    // a ticket that was (the keys since removed) waits for them to come back.
    app.jobs.handle(PAYMENTS_REFUND_JOB, async (payload) => {
      const job = refundJob.parse(payload);
      if (!ctx) {
        const paid = await app.db
          .selectFrom('tickets')
          .innerJoin('payment_orders', 'payment_orders.id', 'tickets.order_id')
          .select('payment_orders.id')
          .where('tickets.id', '=', job.ticketId)
          .where('payment_orders.payment_intent', 'is not', null)
          .executeTakeFirst();
        if (paid) throw new Error('a card refund is due but STRIPE_SECRET_KEY is not set');
        return;
      }
      await refundTicket(ctx, job.ticketId, job.reason);
    });
    // Without Stripe no card order can be held: nothing to end.
    app.jobs.handle(PAYMENTS_EVENT_CANCELLED_JOB, async (payload) => {
      if (ctx) await expireHoldsOfEvent(ctx, z.object({ eventId: z.string().min(1) }).parse(payload).eventId);
    });
    if (!ctx) return;
    app.jobs.handle(HOLD_EXPIRY_JOB, async (payload, { now }) => {
      await expireIfDue(ctx, orderJob.parse(payload).orderId, now);
    });
    app.jobs.handle(REFUND_ORDER_JOB, async (payload) => {
      await refundOrder(ctx, orderJob.parse(payload).orderId);
    });
    await app.register(webhookRoutes, { ctx, secret: stripeConfig!.webhookSecret });
  },
  { name: 'payments', dependencies: ['nocturna-jobs', 'ticket-signing', 'nocturna-realtime'] },
);
