import { eventDetail, eventListQuery, eventPage } from '@nocturna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.ts';
import { getEvent, listEvents } from './service.ts';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events',
    {
      schema: {
        tags: ['catálogo'],
        summary:
          'Lista de eventos publicados (fechas, hoy/mañana/finde, club, género, precio máximo en céntimos, texto)',
        querystring: eventListQuery,
        response: { 200: eventPage, ...errorResponses(400) },
      },
    },
    async (request) => listEvents(app.db, request.query),
  );

  app.get(
    '/api/events/:eventId',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Ficha de un evento publicado con su discoteca, line-up y tipos de entrada',
        params: z.object({ eventId: z.string().min(1).max(100) }),
        response: { 200: eventDetail, ...errorResponses(404) },
      },
    },
    async (request) => getEvent(app.db, request.params.eventId),
  );
};
