// Payments over HTTP: the quote shown before paying, the buyer's orders (one, all, abandon, receipt PDF), a
// club's billing settings (its CEO or an admin) and an event's orders for the club. The routes are grouped by
// resource and registered in this order, the order of the API document.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsConfig, paymentQuote, paymentQuoteQuery } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { quote, quoteOffer } from './billing.ts';
import { clubPaymentRoutes } from './club-routes.ts';
import type { PaymentsContext } from './context.ts';
import { orderRoutes, receiptRoutes } from './order-routes.ts';
import { tags } from './route-schemas.ts';

type PaymentRoutesOptions = { ctx: () => PaymentsContext | null };

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  quoteRoutes(app, options);
  orderRoutes(app, options);
  receiptRoutes(app);
  clubPaymentRoutes(app);
};

// Whether cards can be paid with here, and what N tickets of a type (or a waitlist offer) will cost.
function quoteRoutes(base: FastifyInstance, options: PaymentRoutesOptions): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags,
        summary: 'Si se puede pagar con tarjeta en este servidor',
        response: { 200: paymentsConfig },
      },
    },
    async () => ({ cardPayments: options.ctx() !== null, holdMinutes: app.config.holdMinutes }),
  );

  app.get(
    '/api/payments/quote',
    {
      schema: {
        tags,
        summary: 'Lo que se cobrará por N entradas de un tipo: precio, gastos de gestión y total',
        querystring: paymentQuoteQuery,
        response: { 200: paymentQuote, ...errorResponses(400, 404) },
      },
    },
    async (request) => quote(app.db, request.query.ticketTypeId, request.query.quantity),
  );

  app.get(
    '/api/waitlist/:entryId/quote',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Lo que costará coger la plaza que me ofrece la lista de espera: precio, gastos de gestión y total',
        params: z.object({ entryId: z.string().min(1).max(100) }),
        response: { 200: paymentQuote, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => quoteOffer(app.db, currentUser(request).id, request.params.entryId),
  );
}
