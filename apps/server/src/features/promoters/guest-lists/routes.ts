// A promoter's guest lists (role rpp): opening one for an event, reading it with its guests, adding a name. The
// sign-up link's routes are signup-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addGuestBody,
  createGuestListBody,
  guestListDetailSchema,
  guestListSchema,
  joinGuestListResponse,
} from '@nocturna/shared';
import { currentUser, requireRole } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { actorOf } from '../caller.ts';
import { tags } from '../route-schemas.ts';
import type { ListsContext } from './admission.ts';
import { addGuest, createGuestList, guestListDetail } from './service.ts';
import { guestListSignupRoutes } from './signup-routes.ts';

const listParams = z.object({ listId: z.string().min(1).max(100) });

export const guestListRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = (): ListsContext => ({ db: app.db, bus: app.realtime, signer: app.ticketSigner });

  app.post(
    '/api/rpp/events/:eventId/lists',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Abrir una lista para un evento: tipo gratuito, cupo y hora de cierre',
        params: z.object({ eventId: z.string().min(1).max(100) }),
        body: createGuestListBody,
        response: { 201: guestListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createGuestList(app.db, actorOf(request), request.params.eventId, request.body)),
  );

  app.get(
    '/api/rpp/lists/:listId',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Una lista mía con sus invitados',
        params: listParams,
        response: { 200: guestListDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => guestListDetail(app.db, currentUser(request).id, request.params.listId),
  );

  app.post(
    '/api/rpp/lists/:listId/guests',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Apuntar a alguien en mi lista (su entrada queda a su nombre)',
        params: listParams,
        body: addGuestBody,
        response: { 201: joinGuestListResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addGuest(lists(), actorOf(request), request.params.listId, request.body.name)),
  );

  // The sign-up link, after the promoter's own routes (the order of the API document).
  await app.register(guestListSignupRoutes);
};
