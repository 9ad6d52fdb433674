import { clubListQuery, clubPage } from '@nocturna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.ts';
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
};
