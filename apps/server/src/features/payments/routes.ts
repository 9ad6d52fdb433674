// Payments over HTTP: the quote shown before paying, the buyer's orders (one, all, abandon, receipt PDF), a
// club's billing settings (its CEO or an admin) and an event's orders for the club.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clubBillingSchema,
  eventOrdersSummary,
  paymentOrderList,
  paymentOrderSchema,
  paymentsConfig,
  paymentQuote,
  paymentQuoteQuery,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { clubBilling, quote, quoteOffer, updateClubBilling } from './billing.ts';
import { eventOrders } from './club-orders.ts';
import type { PaymentsContext } from './context.ts';
import { goBack } from './holds.ts';
import { myOrder, myOrders } from './orders.ts';
import { receiptOf, receiptPdf } from './receipt.ts';
import { localeOf } from '../mail/index.ts';

const tags = ['pagos'];
const orderParams = z.object({ orderId: z.string().min(1).max(100) });
const billingView = clubBillingSchema.extend({ configured: z.boolean() });

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: () => PaymentsContext | null }> = async (
  app,
  options,
) => {
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

  app.get(
    '/api/payments/orders',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis pedidos con tarjeta',
        response: { 200: paymentOrderList, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await myOrders(app.db, currentUser(request).id) }),
  );

  app.get(
    '/api/payments/orders/:orderId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Un pedido mío y en qué estado está',
        params: orderParams,
        response: { 200: paymentOrderSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => myOrder(app.db, currentUser(request).id, request.params.orderId),
  );

  app.post(
    '/api/payments/orders/:orderId/abandon',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Volver atrás sin pagar: las plazas reservadas vuelven a la venta (una plaza de la lista de espera sigue siendo mía hasta que caduque la oferta)',
        params: orderParams,
        response: { 200: paymentOrderSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await myOrder(app.db, userId, request.params.orderId);
      const ctx = options.ctx();
      if (ctx) await goBack(ctx, request.params.orderId);
      return myOrder(app.db, userId, request.params.orderId);
    },
  );

  app.get(
    '/api/payments/orders/:orderId/receipt.pdf',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'El recibo (factura simplificada) de un pedido pagado, en PDF',
        params: orderParams,
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const locale = await localeOf(app.db, userId, request.headers.cookie);
      const receipt = await receiptOf(app.db, userId, request.params.orderId, locale);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${locale === 'es' ? 'recibo' : 'receipt'}-${receipt.number}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(await receiptPdf(receipt));
    },
  );

  const clubParams = z.object({ clubId: z.string().min(1).max(200) });
  app.get(
    '/api/clubs/:clubId/billing',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Datos de facturación de una discoteca: razón social, NIF, IVA y gastos de gestión',
        params: clubParams,
        response: { 200: billingView, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => clubBilling(app.db, currentUser(request), request.params.clubId),
  );
  app.put(
    '/api/clubs/:clubId/billing',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cambiar los datos de facturación de una discoteca',
        params: clubParams,
        body: clubBillingSchema,
        response: { 200: billingView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateClubBilling(app.db, currentUser(request), request.params.clubId, request.body),
  );

  app.get(
    '/api/events/:eventId/orders-summary',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pedidos con tarjeta de un evento por estado (para la discoteca)',
        params: z.object({ eventId: z.string().min(1).max(200) }),
        response: { 200: eventOrdersSummary, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => eventOrders(app.db, currentUser(request), request.params.eventId),
  );
};
