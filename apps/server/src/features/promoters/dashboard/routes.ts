// A promoter's own dashboard over HTTP (role rpp), never kept by a cache.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rppDashboardSchema } from '@nocturna/shared';
import { currentUser, requireRole } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { tags } from '../route-schemas.ts';
import { rppDashboard } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rpp/dashboard',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Mi panel de RPP: eventos, enlaces y códigos, ventas y entradas, listas, comisión',
        response: { 200: rppDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return rppDashboard(app.db, currentUser(request).id);
    },
  );
};
