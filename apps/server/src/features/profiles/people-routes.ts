// Other people, open to visitors: searching them by name or username, and a profile by username or by id, as much
// of it as the viewer may see.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userProfileSchema, userSearchPage, userSearchQuery } from '@nocturna/shared';
import { loadSession } from '../../auth/guards.ts';
import { textSearchFor } from '../../db/text-search.ts';
import { anonymousSearchLimit } from '../../http/search-rate-limit.ts';
import { errors, tags } from './route-schemas.ts';
import { profileById, profileByUsername, searchUsers } from './service.ts';

export function peopleRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/search',
    {
      preValidation: async (request, reply) => {
        await loadSession(request, reply);
      },
      config: { rateLimit: anonymousSearchLimit },
      schema: {
        tags,
        summary: 'Buscar personas por nombre o usuario (sin distinguir acentos ni mayúsculas)',
        querystring: userSearchQuery,
        response: { 200: userSearchPage, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      return searchUsers(app.db, await textSearchFor(app.db, app.dbKind), viewer?.id ?? null, request.query);
    },
  );

  app.get(
    '/api/users/by-username/:username/profile',
    {
      schema: {
        tags,
        summary: 'El perfil de otra persona por su usuario',
        params: z.object({ username: z.string().min(1).max(100) }),
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      return profileByUsername(app.db, viewer?.id ?? null, request.params.username);
    },
  );

  app.get(
    '/api/users/:userId/profile',
    {
      schema: {
        tags,
        summary: 'El perfil de otra persona, tal como me deja verlo',
        params: z.object({ userId: z.string().min(1).max(100) }),
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      return profileById(app.db, viewer?.id ?? null, request.params.userId);
    },
  );
}
