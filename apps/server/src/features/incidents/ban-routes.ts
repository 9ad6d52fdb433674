// A club's ban list: reading it, banning a ticket holder, lifting a ban. Only the club's CEO or an admin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { banListQuery, banListSchema, banSchema, newBanSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { requireIncidentReader } from './access.ts';
import { createBan, liftBan, listBans } from './bans.ts';
import { errors, id, tags } from './route-schemas.ts';

export function banRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/clubs/:clubId/bans',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Lista de vetados de una discoteca (activos; all=1 también los levantados o vencidos)',
        params: z.object({ clubId: id }),
        querystring: banListQuery,
        response: { 200: banListSchema, ...errors },
      },
    },
    async (request) => {
      const club = await requireIncidentReader(app.db, currentUser(request), request.params.clubId);
      return listBans(app.db, club.id, request.query.all === '1');
    },
  );

  app.post(
    '/api/clubs/:clubId/bans',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Vetar al titular de una entrada en esta discoteca',
        params: z.object({ clubId: id }),
        body: newBanSchema,
        response: { 201: banSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const club = await requireIncidentReader(app.db, actor, request.params.clubId);
      return reply.status(201).send(await createBan(app.db, actor, club.id, request.body));
    },
  );

  app.post(
    '/api/clubs/:clubId/bans/:banId/lift',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Levantar un veto',
        params: z.object({ clubId: id, banId: id }),
        response: { 200: banSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const club = await requireIncidentReader(app.db, actor, request.params.clubId);
      return liftBan(app.db, actor, club.id, request.params.banId);
    },
  );
}
