import {
  clubWithEvents,
  eventDetail,
  eventConnectionsGoingSchema,
  eventListQuery,
  eventPage,
} from '@nocturna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { publicOrigin } from '../../config.ts';
import { errorResponses } from '../../http/openapi.ts';
import { publicCache } from '../../http/public-cache.ts';
import { calendarFileName, nightCalendar } from './calendar.ts';
import { getClub } from './club-with-events.ts';
import { eventGoing } from './connections-going.ts';
import { getEvent, listEvents } from './service.ts';

const eventParams = z.object({ eventId: z.string().min(1).max(100) });

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list, an event's page and a club's page are the same for everyone: kept for a second, or until a
  // catalogue write commits (http/public-cache.ts).
  const cache = publicCache(app.catalogueWrites);
  const cached = { preHandler: cache.preHandler, onSend: cache.onSend };

  app.get(
    '/api/events',
    {
      ...cached,
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
      ...cached,
      schema: {
        tags: ['catálogo'],
        summary: 'Ficha de un evento publicado con su discoteca, line-up y tipos de entrada',
        params: eventParams,
        response: { 200: eventDetail, ...errorResponses(404) },
      },
    },
    async (request) => getEvent(app.db, request.params.eventId),
  );

  app.get(
    '/api/events/:eventId/calendar.ics',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'La noche de un evento publicado en formato calendario (.ics)',
        params: eventParams,
      },
    },
    async (request, reply) => {
      const event = await getEvent(app.db, request.params.eventId);
      const calendar = nightCalendar(
        {
          uid: `${event.id}@nocturna`,
          name: event.name,
          slug: event.slug,
          startAt: event.startAt,
          endAt: event.endAt,
          club: event.club,
          description: `${event.name} en ${event.club.name}. Entradas en Nocturna.`,
        },
        publicOrigin(app.config),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${calendarFileName(event.slug, 'evento')}"`)
        .send(calendar);
    },
  );

  app.get(
    '/api/events/:eventId/going',
    {
      preValidation: requireUser,
      schema: {
        tags: ['catálogo'],
        summary:
          'Cuántas de tus conexiones van a un evento (las que lo muestran) y las caras de las primeras',
        params: eventParams,
        response: { 200: eventConnectionsGoingSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      // Per person and changing with every ticket: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return eventGoing(app.db, currentUser(request).id, request.params.eventId);
    },
  );

  app.get(
    '/api/clubs/:clubId',
    {
      ...cached,
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
