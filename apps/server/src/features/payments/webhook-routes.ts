// POST /api/payments/stripe/webhook: Stripe's signature is checked on the raw body (this route alone parses JSON
// as bytes), then the event is handled once (payment_events' primary key; see fulfilment.ts). A forged or
// altered delivery gets 400 and changes nothing. A signed completion that does not match its order (session,
// amount, currency) answers 200 all the same (outcome 'review'): retrying would not make it match.
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../http/errors.ts';
import type { PaymentsContext } from './context.ts';
import { completeOrder, type Outcome } from './fulfilment.ts';
import { expireOrder } from './holds.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

function orderIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.orderId ?? session.client_reference_id ?? null;
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const pi = session.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

export async function handleEvent(ctx: PaymentsContext, event: Stripe.Event): Promise<Outcome | 'ignored'> {
  const at = clock.now().toISOString();
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object;
    const orderId = orderIdOf(session);
    if (orderId && session.payment_status === 'paid')
      return completeOrder(ctx, event, orderId, paymentIntentOf(session), {
        sessionId: session.id,
        amountTotal: session.amount_total,
        currency: session.currency,
      });
  }
  const orderId = event.type.startsWith('checkout.session.')
    ? orderIdOf(event.data.object as Stripe.Checkout.Session)
    : null;
  if (!(await repo.recordEvent(ctx.db, { id: event.id, type: event.type, orderId, at }))) return 'duplicate';
  // The session ran out at Stripe: the hold ends now if it has not already (a paid order stays paid).
  if (event.type === 'checkout.session.expired' && orderId) await expireOrder(ctx, orderId);
  return 'ignored';
}

export async function webhookRoutes(app: FastifyInstance, options: { ctx: PaymentsContext; secret: string }) {
  // Only in this plugin's scope: the rest of the API keeps parsing JSON as usual.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    WEBHOOK_PATH,
    {
      schema: { tags: ['pagos'], summary: 'Eventos de Stripe (firma comprobada sobre el cuerpo sin tocar)' },
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body))
        throw new AppError(400, 'WEBHOOK_SIGNATURE_INVALID', 'Falta la firma de Stripe.', {
          field: 'stripe-signature',
        });
      let event: Stripe.Event;
      try {
        event = options.ctx.stripe.webhooks.constructEvent(body, signature, options.secret);
      } catch {
        throw new AppError(400, 'WEBHOOK_SIGNATURE_INVALID', 'La firma de Stripe no es válida.', {
          field: 'stripe-signature',
        });
      }
      const outcome = await handleEvent(options.ctx, event);
      return reply.send({ received: true, outcome });
    },
  );
}
