// A promoter's commission on one ticket type, set or removed by the club's CEO (or an admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commissionRuleBody } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { actorOf } from '../caller.ts';
import { promoterParams, tags } from '../route-schemas.ts';
import { setCommissionRule } from './service.ts';

const ruleParams = promoterParams.extend({ ticketTypeId: z.string().min(1).max(120) });

export const commissionRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/clubs/:clubId/promoters/:userId/rules/:ticketTypeId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'La comisión de un RPP en un tipo de entrada concreto',
        params: ruleParams,
        body: commissionRuleBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const p = request.params;
      await setCommissionRule(app.db, actorOf(request), p.clubId, p.userId, p.ticketTypeId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/clubs/:clubId/promoters/:userId/rules/:ticketTypeId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Quitar la comisión de un tipo de entrada (vuelve la comisión por defecto)',
        params: ruleParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const p = request.params;
      await setCommissionRule(app.db, actorOf(request), p.clubId, p.userId, p.ticketTypeId, null);
      return reply.status(204).send(null);
    },
  );
};
