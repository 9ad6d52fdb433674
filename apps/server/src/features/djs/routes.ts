// DJs over HTTP: the public profile and following (anyone reads, signed-in people follow), and the DJ's own
// dashboard, profile edit and answers to line-up slots (role dj). The routes are grouped by resource and registered
// in this order, the order of the API document: the public profile, the DJ's dashboard, their photo, their gigs.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, djDashboardSchema, djProfileBody, djProfileSchema } from '@nocturna/shared';
import { currentUser, loadSession, requireRole, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { djPhotoRoutes } from './photo-routes.ts';
import { tags } from './route-schemas.ts';
import { answerSlot, djDashboard, follow, publicProfile, updateProfile } from './service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(80) });

export const djRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);
  // Only the photo upload takes a multipart body: one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  publicDjRoutes(app);
  djDashboardRoutes(app);
  djPhotoRoutes(app, storage);
  gigRoutes(app);
};

// A DJ's public profile (anyone) and following them (signed in).
function publicDjRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/djs/:slug',
    {
      schema: {
        tags,
        summary: 'Perfil público de un DJ: foto, géneros, bio, enlaces y sus fechas',
        params: slugParams,
        response: { 200: djProfileSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      return publicProfile(app.db, request.params.slug, viewer?.id ?? null);
    },
  );

  for (const [method, on] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/djs/:slug/follow',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: on ? 'Seguir a un DJ (aviso cuando le contraten)' : 'Dejar de seguir a un DJ',
          params: slugParams,
          response: { 200: djProfileSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => follow(app.db, currentUser(request).id, request.params.slug, on),
    );
  }
}

// The DJ's own dashboard and profile edit.
function djDashboardRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/dj/dashboard',
    {
      preValidation: requireRole('dj'),
      schema: {
        tags,
        summary: 'Mi panel de DJ: fechas con horario, ventas si la sala las comparte, seguidores',
        response: { 200: djDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return djDashboard(app.db, app.dbKind, currentUser(request).id);
    },
  );

  app.patch(
    '/api/dj/profile',
    {
      preValidation: requireRole('dj'),
      schema: {
        tags,
        summary: 'Editar mi perfil de DJ',
        body: djProfileBody,
        response: { 200: djDashboardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      await updateProfile(app.db, me, request.body);
      return djDashboard(app.db, app.dbKind, me);
    },
  );
}

// The DJ's answer to a slot a club offers them in its line-up.
function gigRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/dj/gigs/:eventId/:answer',
    {
      preValidation: requireRole('dj'),
      schema: {
        tags,
        summary: 'Confirmar o rechazar el hueco que una sala me ofrece en su cartel',
        params: z.object({ eventId: z.string().min(1).max(100), answer: z.enum(['confirm', 'decline']) }),
        response: {
          200: z.object({ status: z.enum(['confirmed', 'declined']), notified: z.number().int() }),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      answerSlot(
        app.db,
        app.realtime,
        currentUser(request).id,
        request.params.eventId,
        request.params.answer === 'confirm' ? 'confirmed' : 'declined',
      ),
  );
}
