// Explore's routes: the map's data (open to visitors; "tus amigos van" only with a session) and directions to
// a club.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clubDirectionsSchema,
  exploreMapConfigSchema,
  exploreQuery,
  exploreResultSchema,
} from '@nocturna/shared';
import { loadSession } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { explore } from './service.ts';
import { clubDirections } from './directions.ts';

const tags = ['explorar'];

export const exploreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/explore',
    {
      schema: {
        tags,
        summary:
          'Eventos en el mapa: esta noche, el finde, una fecha o la semana; género, barrio, precio, edad, abierto ahora, cerca de mí; tendencias y amigos que van',
        querystring: exploreQuery,
        response: { 200: exploreResultSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      return explore(app.db, viewer?.id ?? null, request.query);
    },
  );

  app.get(
    '/api/explore/map',
    {
      schema: {
        tags,
        summary:
          'El estilo de mapa en línea que el mapa prueba primero (MAP_STYLE_URL), o null: solo el mapa sin conexión',
        response: { 200: exploreMapConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { styleUrl: app.config.mapStyleUrl };
    },
  );

  app.get(
    '/api/clubs/:clubId/directions',
    {
      schema: {
        tags,
        summary:
          'Cómo llegar a una discoteca: enlaces a la app de mapas y las estaciones de Metro más cercanas',
        params: z.object({ clubId: z.string().min(1).max(100) }),
        response: { 200: clubDirectionsSchema, ...errorResponses(404) },
      },
    },
    async (request) => clubDirections(app.db, request.params.clubId),
  );
};
