// GET /api/search: the search box's grouped answer (events, clubs, DJs, people), open to visitors. Visitors are
// limited per IP (SEARCH_RATE_LIMIT); signed-in people are not, their session already costs an account.
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, searchQuerySchema, searchResultsSchema } from '@nocturna/shared';
import { loadSession } from '../../auth/guards.ts';
import { textSearchFor } from '../../db/text-search.ts';
import { anonymousSearchLimit } from '../../http/search-rate-limit.ts';
import { searchEverything } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  app.get(
    '/api/search',
    {
      preValidation: async (request, reply) => {
        await loadSession(request, reply);
      },
      config: { rateLimit: anonymousSearchLimit },
      schema: {
        tags: ['búsqueda'],
        summary: 'Buscar eventos, discotecas, DJs y personas a la vez (sin acentos, con prefijos y erratas)',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const ts = await textSearchFor(app.db, app.dbKind);
      return searchEverything(app.db, ts, request.authUser?.id ?? null, request.query);
    },
  );
};
