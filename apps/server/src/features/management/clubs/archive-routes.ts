// Archiving a club (or deleting one that never had an event) and recovering it: admins only, the service checks.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { managedClubSchema } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { actorOf } from '../caller.ts';
import { clubParams, errors, tags } from '../route-schemas.ts';
import { archiveClub, unarchiveClub } from './service.ts';

export const clubArchiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/manage/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Archivar una discoteca con eventos, o borrarla si no tiene (admin)',
        params: clubParams,
        response: { 200: z.object({ archived: z.boolean(), deleted: z.boolean() }), ...errors },
      },
    },
    async (request) => archiveClub(app.db, actorOf(request), request.params.clubId),
  );

  app.post(
    '/api/manage/clubs/:clubId/unarchive',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Recuperar una discoteca archivada (admin)',
        params: clubParams,
        response: { 200: managedClubSchema, ...errors },
      },
    },
    async (request) => unarchiveClub(app.db, actorOf(request), request.params.clubId),
  );
};
