// Payments for the club: its billing settings (its CEO or an admin) and an event's card orders by state.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubBillingSchema, eventOrdersSummary } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { clubBilling, updateClubBilling } from './billing.ts';
import { eventOrders } from './club-orders.ts';
import { tags } from './route-schemas.ts';

const billingView = clubBillingSchema.extend({ configured: z.boolean() });

export function clubPaymentRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
