// A club's rule for how long before the night its ticket holders may cancel: reading and changing it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelRuleSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { clubCancelRule, updateClubCancelRule } from './cancel-rule.ts';
import { tags } from './route-schemas.ts';

export function cancelRuleRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const clubParams = z.object({ clubId: z.string().min(1).max(200) });
  app.get(
    '/api/clubs/:clubId/cancel-rule',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Hasta cuándo pueden cancelar sus entradas quienes las tienen (para la discoteca)',
        params: clubParams,
        response: { 200: cancelRuleSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => clubCancelRule(app.db, currentUser(request), request.params.clubId),
  );
  app.put(
    '/api/clubs/:clubId/cancel-rule',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cambiar la regla de cancelación de las entradas de una discoteca',
        params: clubParams,
        body: cancelRuleSchema,
        response: { 200: cancelRuleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateClubCancelRule(app.db, currentUser(request), request.params.clubId, request.body),
  );
}
