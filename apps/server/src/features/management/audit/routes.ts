// The audit log over HTTP: an admin reads every entry, a CEO those of the clubs they run.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { AppError } from '../../../http/errors.ts';
import { requireManagerOfSomething } from '../caller.ts';
import { errors, tags } from '../route-schemas.ts';
import { listAudit } from './repository.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manage/audit',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Registro de cambios (admin: todo; CEO: sus discotecas)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const ids = await requireManagerOfSomething(app.db, request);
      if (request.query.clubId && ids && !ids.includes(request.query.clubId))
        throw new AppError(403, 'NOT_CLUB_OWNER', 'No eres responsable de esta discoteca.');
      return listAudit(app.db, { ...request.query, clubIds: ids ?? undefined });
    },
  );
};
