// The clubs someone runs: listing, opening, reading and editing them; archiving them is archive-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubInputSchema, clubUpdateSchema, managedClubSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../../auth/guards.ts';
import { managedClubIds } from '../../club-staff/index.ts';
import { actorOf } from '../caller.ts';
import { clubParams, errors, tags } from '../route-schemas.ts';
import { listManagedClubs, toManagedClub } from './repository.ts';
import { clubArchiveRoutes } from './archive-routes.ts';
import { createClub, managedClubOr404, updateClub } from './service.ts';

export const managedClubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manage/clubs',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Las discotecas que gestiono (todas si soy admin)',
        response: { 200: z.object({ items: z.array(managedClubSchema) }), ...errors },
      },
    },
    async (request) => {
      const ids = await managedClubIds(app.db, currentUser(request).id);
      return { items: await listManagedClubs(app.db, ids) };
    },
  );

  app.post(
    '/api/manage/clubs',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Dar de alta una discoteca (admin, o un CEO que pasa a gestionarla)',
        body: clubInputSchema,
        response: { 201: managedClubSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createClub(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/api/manage/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una discoteca para editarla',
        params: clubParams,
        response: { 200: managedClubSchema, ...errors },
      },
    },
    async (request) => toManagedClub(await managedClubOr404(app.db, actorOf(request), request.params.clubId)),
  );

  app.patch(
    '/api/manage/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Editar una discoteca',
        params: clubParams,
        body: clubUpdateSchema,
        response: { 200: managedClubSchema, ...errors },
      },
    },
    async (request) => updateClub(app.db, actorOf(request), request.params.clubId, request.body),
  );

  // Archiving and recovering, after the editing routes (the order of the API document).
  await app.register(clubArchiveRoutes);
};
