// The holder's tickets: the list, one ticket with its QR and history, its night as a calendar file, whom it could be
// passed to; and the public key the door checks QR codes with.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ticketDetail,
  ticketListQuery,
  ticketPage,
  ticketPublicKey,
  transferCandidates as transferCandidatesSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { ticketCalendar, ticketCalendarFileName } from './calendar.ts';
import { listMyTickets, myTicket, myTicketView, transferCandidates } from './service.ts';
import { toTicket } from './views.ts';
import { publicOrigin } from '../../config.ts';
import * as clock from '../../clock.ts';
import { tags, ticketParams } from './route-schemas.ts';

// The holder's list of tickets, the door's public key and whom a ticket could be passed to.
export function myTicketListRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}

// One of the holder's tickets: with its QR and history, and its night as a calendar file.
export function myTicketRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
