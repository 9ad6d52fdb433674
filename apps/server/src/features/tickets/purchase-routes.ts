// Getting tickets: what an event has on sale (hidden types only with their promoter's code) and the purchase
// itself, safe to retry with the Idempotency-Key header.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  eventTicketTypes,
  getTicketsBody,
  getTicketsResponse,
  idempotencyHeaders,
  ticketTypesQuery,
} from '@nocturna/shared';
import { currentUser, loadSession, requireUser } from '../../auth/guards.ts';
import { attributeSale, promoterCodeAtEvent } from '../attribution/index.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponses } from '../../http/openapi.ts';
import { eventTicketTypes as offersOf, getTickets, type TicketsContext } from './service.ts';
import { publicOrigin } from '../../config.ts';
import * as clock from '../../clock.ts';
import { tags } from './route-schemas.ts';

export function purchaseRoutes(base: FastifyInstance, ctx: () => TicketsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/events/:eventId/ticket-types',
    {
      schema: {
        tags,
        summary: 'Tipos de entrada de un evento con lo que queda; los ocultos solo con su código de RPP',
        params: z.object({ eventId: z.string().min(1).max(100) }),
        querystring: ticketTypesQuery,
        response: { 200: eventTicketTypes, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      const offers = await offersOf(app.db, request.params.eventId, viewer?.id ?? null, request.query.code);
      // A promoter's own code unlocks nothing but is good: the sale will be theirs.
      if (
        offers.code === 'invalid' &&
        (await promoterCodeAtEvent(app.db, offers.eventId, request.query.code!))
      )
        return { ...offers, code: 'promoter' as const };
      return offers;
    },
  );

  app.post(
    '/api/tickets',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Conseguir entradas (gratis, pago en puerta, o con tarjeta: responde dónde pagar); la cabecera Idempotency-Key hace seguro reintentar',
        body: getTicketsBody,
        response: {
          200: getTicketsResponse,
          201: getTicketsResponse,
          ...errorResponses(400, 401, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const raw = request.headers[IDEMPOTENCY_HEADER];
      let key: string | undefined;
      if (raw !== undefined) {
        const parsed = idempotencyHeaders.shape[IDEMPOTENCY_HEADER].safeParse(
          Array.isArray(raw) ? raw[0] : raw,
        );
        if (!parsed.success)
          throw new AppError(400, 'VALIDATION_ERROR', parsed.error.issues[0]!.message, {
            field: IDEMPOTENCY_HEADER,
          });
        key = parsed.data;
      }
      const user = currentUser(request);
      const { rpp, ...order } = request.body;
      const attribution = await attributeSale(app.db, order.ticketTypeId, { code: order.code, rpp });
      const result = await getTickets(
        ctx(),
        { id: user.id, name: user.name },
        { ...order, code: attribution.code },
        key,
        clock.now(),
        {
          promoterId: attribution.promoterId,
          origin: publicOrigin(app.config),
        },
      );
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  );
}
