// A guest list's sign-up link: anyone with it reads the list; signed in, they join it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { joinGuestListResponse, publicGuestListSchema } from '@nocturna/shared';
import { loadSession, requireUser } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { actorOf } from '../caller.ts';
import { tags } from '../route-schemas.ts';
import type { ListsContext } from './admission.ts';
import { joinGuestList, publicGuestList } from './signup.ts';

const tokenParams = z.object({ token: z.string().min(8).max(64) });

export const guestListSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = (): ListsContext => ({ db: app.db, bus: app.realtime, signer: app.ticketSigner });

  app.get(
    '/api/lists/:token',
    {
      schema: {
        tags,
        summary: 'Una lista compartida: evento, RPP, plazas que quedan y hasta cuándo',
        params: tokenParams,
        response: { 200: publicGuestListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      reply.header('cache-control', 'private, no-store');
      return publicGuestList(app.db, request.params.token, viewer?.id ?? null);
    },
  );

  app.post(
    '/api/lists/:token/join',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Apuntarme en una lista: una entrada gratis con QR mientras quede cupo y no haya cerrado',
        params: tokenParams,
        response: { 201: joinGuestListResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await joinGuestList(lists(), actorOf(request), request.params.token)),
  );
};
