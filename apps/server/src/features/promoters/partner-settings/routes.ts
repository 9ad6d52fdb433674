// What a club shares with its partners, set by its CEO (or an admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerSettingsSchema } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { actorOf } from '../caller.ts';
import { clubParams, tags } from '../route-schemas.ts';
import { setPartnerSettings } from './service.ts';

export const partnerSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/clubs/:clubId/partner-settings',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Qué comparte la discoteca: el ranking entre sus RPP, las ventas con sus DJs',
        params: clubParams,
        body: partnerSettingsSchema,
        response: { 200: partnerSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setPartnerSettings(app.db, actorOf(request), request.params.clubId, request.body),
  );
};
