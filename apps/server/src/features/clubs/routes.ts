import { clubListQuery, clubPage, clubWithEvents } from '@nocturna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { getClub } from './club-with-events.ts';
import { listClubs } from './service.ts';

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/clubs',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Lista de discotecas (búsqueda sin acentos, barrio, género, día abierto)',
        querystring: clubListQuery,
        response: { 200: clubPage, ...errorResponses(400) },
      },
    },
    async (request) => listClubs(app.db, request.query),
  );

  app.get(
    '/api/clubs/:clubId',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Ficha de una discoteca con sus próximos eventos',
        params: z.object({ clubId: z.string().min(1).max(100) }),
        response: { 200: clubWithEvents, ...errorResponses(404) },
      },
    },
    async (request) => getClub(app.db, request.params.clubId),
  );
};
