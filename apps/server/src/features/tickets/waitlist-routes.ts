// The waitlist and face-value resale over HTTP: my place in the lines of an event, joining a sold-out type's line,
// leaving it (or declining an offer), taking an offered place, putting a ticket up for resale or taking it back;
// and the job that passes an offer on when it runs out. The routes are grouped by resource and registered in this
// order, the order of the API document: my places in the lines, offers, resale.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptWaitlistOfferBody,
  getTicketsResponse,
  joinWaitlistQuery,
  myWaitlistEntries,
  waitlistEntrySchema,
} from '@nocturna/shared';
import { attributeSale } from '../attribution/index.ts';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import type { TicketsContext } from './service.ts';
import { resaleRoutes } from './resale-routes.ts';
import { tags } from './route-schemas.ts';
import { acceptWaitlistOffer, joinWaitlist, leaveWaitlist, myWaitlist } from './waitlist.ts';
import { WAITLIST_EXPIRY_JOB, expireWaitlistOffer, type WaitlistExpiryJob } from './waitlist-offers.ts';
import { publicOrigin } from '../../config.ts';

const entryParams = z.object({ entryId: z.string().min(1).max(100) });

export function registerWaitlistRoutes(base: FastifyInstance, ctx: () => TicketsContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.jobs.handle(WAITLIST_EXPIRY_JOB, async (payload, { now }) => {
    const { entryId } = payload as WaitlistExpiryJob;
    await expireWaitlistOffer(ctx(), entryId, now);
  });

  waitlistEntryRoutes(app, ctx);
  waitlistOfferRoutes(app, ctx);
  resaleRoutes(app, ctx);
}

// My places in the lines of an event, and joining a sold-out type's line (a promoter's link counts for the sale).
function waitlistEntryRoutes(base: FastifyInstance, ctx: () => TicketsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/events/:eventId/waitlist',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis puestos en las listas de espera de un evento',
        params: z.object({ eventId: z.string().min(1).max(100) }),
        response: { 200: myWaitlistEntries, ...errorResponses(401) },
      },
    },
    async (request) => ({
      items: await myWaitlist(app.db, currentUser(request).id, request.params.eventId),
    }),
  );

  app.post(
    '/api/ticket-types/:ticketTypeId/waitlist',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Apuntarme a la lista de espera de un tipo de entrada agotado',
        params: z.object({ ticketTypeId: z.string().min(1).max(200) }),
        querystring: joinWaitlistQuery,
        response: { 200: waitlistEntrySchema, 201: waitlistEntrySchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { ticketTypeId } = request.params;
      const { rpp } = request.query;
      const attribution = rpp ? await attributeSale(app.db, ticketTypeId, { rpp }) : { promoterId: null };
      const { entry, joined } = await joinWaitlist(
        ctx(),
        { id: user.id, name: user.name },
        ticketTypeId,
        attribution.promoterId,
      );
      return reply.status(joined ? 201 : 200).send(entry);
    },
  );
}

// Leaving a line (an offered place goes to the next person) and taking the place the line offers me.
function waitlistOfferRoutes(base: FastifyInstance, ctx: () => TicketsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/waitlist/:entryId/leave',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Salir de la lista de espera (con una plaza ofrecida, la pasa a la siguiente persona)',
        params: entryParams,
        response: { 200: waitlistEntrySchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return leaveWaitlist(ctx(), { id: user.id, name: user.name }, request.params.entryId);
    },
  );

  app.post(
    '/api/waitlist/:entryId/accept',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Coger la plaza que me ofrece la lista de espera (15 minutos); con tarjeta, abre el pago (Checkout) de esa plaza',
        params: entryParams,
        body: acceptWaitlistOfferBody,
        response: { 200: getTicketsResponse, 201: getTicketsResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await acceptWaitlistOffer(
        ctx(),
        { id: user.id, name: user.name },
        request.params.entryId,
        {
          origin: publicOrigin(app.config),
          expectedTotalCents: request.body?.expectedTotalCents ?? null,
        },
      );
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  );
}
