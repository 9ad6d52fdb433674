// Tickets over HTTP: what an event has on sale, getting tickets (Idempotency-Key), the holder's tickets, their
// calendar file and wallet passes, cancel and transfer, and the public key the door verifies QR codes with.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  cancelRuleSchema,
  eventTicketTypes,
  getTicketsBody,
  getTicketsResponse,
  idempotencyHeaders,
  ticketDetail,
  ticketListQuery,
  ticketPage,
  ticketPublicKey,
  ticketTypesQuery,
  transferBody,
  transferCandidates as transferCandidatesSchema,
} from '@nocturna/shared';
import { currentUser, loadSession, requireUser } from '../../auth/guards.ts';
import { attributeSale, promoterCodeAtEvent } from '../attribution/index.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponses } from '../../http/openapi.ts';
import { ticketCalendar, ticketCalendarFileName } from './calendar.ts';
import { clubCancelRule, updateClubCancelRule } from './cancel-rule.ts';
import { defaultPaymentProviders, type PaymentProviders } from './payment.ts';
import {
  cancelTicket,
  eventTicketTypes as offersOf,
  getTickets,
  listMyTickets,
  myTicket,
  myTicketView,
  transferCandidates,
  transferTicket,
  type TicketsContext,
} from './service.ts';
import { registerTicketMetrics } from './metrics.ts';
import { createSoldOutMemo } from './sold-out-memo.ts';
import { toTicket } from './views.ts';
import { registerWaitlistRoutes } from './waitlist-routes.ts';
import { registerWalletRoutes } from './wallet-routes.ts';
import { publicOrigin } from '../../config.ts';
import * as clock from '../../clock.ts';

const tags = ['entradas'];
const ticketParams = z.object({ ticketId: z.string().min(1).max(200) });

export type TicketRoutesOptions = { payments?: PaymentProviders };

export const ticketRoutes: FastifyPluginAsyncZod<TicketRoutesOptions> = async (app, options) => {
  const soldOut = createSoldOutMemo();
  registerTicketMetrics(app.metrics, app.db);
  const ctx = (): TicketsContext => ({
    db: app.db,
    bus: app.realtime,
    signer: app.ticketSigner,
    payments: options.payments ?? defaultPaymentProviders,
    soldOut,
  });
  registerWaitlistRoutes(app, ctx);
  registerWalletRoutes(app);

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

  app.get(
    '/api/tickets',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis entradas: próximas o pasadas',
        querystring: ticketListQuery,
        response: { 200: ticketPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMyTickets(app.db, currentUser(request).id, request.query),
  );

  app.get(
    '/api/tickets/public-key',
    {
      schema: {
        tags,
        summary: 'Clave pública Ed25519 con la que la puerta comprueba los QR',
        response: { 200: ticketPublicKey },
      },
    },
    async () => ({
      algorithm: 'Ed25519' as const,
      format: 'NT2' as const,
      publicKey: app.ticketSigner.publicKey,
    }),
  );

  app.get(
    '/api/tickets/transfer-candidates',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'A quién puedo pasar una entrada: mis conexiones',
        response: { 200: transferCandidatesSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await transferCandidates(app.db, currentUser(request).id) }),
  );

  app.get(
    '/api/tickets/:ticketId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una entrada mía con su QR e historial',
        params: ticketParams,
        response: { 200: ticketDetail, ...errorResponses(401, 404) },
      },
    },
    async (request) => myTicket(app.db, currentUser(request).id, request.params.ticketId),
  );

  app.get(
    '/api/tickets/:ticketId/calendar.ics',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'La noche de una entrada en formato calendario (.ics)', params: ticketParams },
    },
    async (request, reply) => {
      const row = await myTicketView(app.db, currentUser(request).id, request.params.ticketId);
      const ticket = toTicket(row, clock.now());
      const origin = publicOrigin(app.config);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ticketCalendarFileName(ticket)}"`)
        .header('cache-control', 'private, no-store')
        .send(ticketCalendar(ticket, origin));
    },
  );

  app.post(
    '/api/tickets/:ticketId/cancel',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cancelar una entrada antes de que empiece el evento (libera su plaza)',
        params: ticketParams,
        response: { 200: ticketDetail, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return cancelTicket(ctx(), { id: user.id, name: user.name }, request.params.ticketId);
    },
  );

  app.post(
    '/api/tickets/:ticketId/transfer',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pasar una entrada a una conexión: su QR nuevo, el mío deja de valer',
        params: ticketParams,
        body: transferBody,
        response: { 200: ticketDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return transferTicket(
        ctx(),
        { id: user.id, name: user.name },
        request.params.ticketId,
        request.body.toUserId,
      );
    },
  );

  const clubParams = z.object({ clubId: z.string().min(1).max(200) });
  app.get(
    '/api/clubs/:clubId/cancel-rule',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Hasta cuándo pueden cancelar sus entradas quienes las tienen (para la discoteca)',
        params: clubParams,
        response: { 200: cancelRuleSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => clubCancelRule(app.db, currentUser(request), request.params.clubId),
  );
  app.put(
    '/api/clubs/:clubId/cancel-rule',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cambiar la regla de cancelación de las entradas de una discoteca',
        params: clubParams,
        body: cancelRuleSchema,
        response: { 200: cancelRuleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateClubCancelRule(app.db, currentUser(request), request.params.clubId, request.body),
  );
};
