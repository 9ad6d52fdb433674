// The buyer's card orders: all of them, one and its state, going back without paying, and a paid one's receipt PDF.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentOrderList, paymentOrderSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import type { PaymentsContext } from './context.ts';
import { goBack } from './holds.ts';
import { myOrder, myOrders } from './orders.ts';
import { receiptOf, receiptPdf } from './receipt.ts';
import { tags } from './route-schemas.ts';
import { localeOf } from '../mail/index.ts';

const orderParams = z.object({ orderId: z.string().min(1).max(100) });

export function orderRoutes(base: FastifyInstance, options: { ctx: () => PaymentsContext | null }): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}

// A paid order's receipt (a simplified invoice) as a PDF, in the buyer's language.
export function receiptRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
