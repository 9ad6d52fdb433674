// Face-value resale: putting one of my tickets up for the waitlist (it stays mine until someone takes it) and taking
// it back while nobody holds its offer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ticketDetail } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { listTicketForResale, withdrawFromResale } from './resale.ts';
import { tags, ticketParams } from './route-schemas.ts';
import type { TicketsContext } from './service.ts';

export function resaleRoutes(base: FastifyInstance, ctx: () => TicketsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/tickets/:ticketId/resale',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Revender mi entrada a su precio a la lista de espera (sigue siendo mía hasta que alguien la coja)',
        params: ticketParams,
        response: { 200: ticketDetail, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => listTicketForResale(ctx(), currentUser(request).id, request.params.ticketId),
  );

  app.post(
    '/api/tickets/:ticketId/resale/withdraw',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Retirar mi entrada de la reventa (si nadie tiene ahora su oferta)',
        params: ticketParams,
        response: { 200: ticketDetail, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => withdrawFromResale(ctx(), currentUser(request).id, request.params.ticketId),
  );
}
