// GET /api/me/night: "Mi noche", the signed-in person's own dashboard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myNightSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { myNight } from './service.ts';

export const myNightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/night',
    {
      preValidation: requireUser,
      schema: {
        tags: ['mi-noche'],
        summary: 'Mi noche: próxima entrada, conexiones que van, sugerencias, DJs que sigo y lo no leído',
        response: { 200: myNightSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myNight(app.db, currentUser(request).id);
    },
  );
};
