// DJs over HTTP: the public profile and following (anyone reads, signed-in people follow), and the DJ's own
// dashboard, profile edit and answers to line-up slots (role dj).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, djDashboardSchema, djProfileBody, djProfileSchema } from '@nocturna/shared';
import { currentUser, loadSession, requireRole, requireUser } from '../../auth/guards.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/openapi.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { djPhotoKey, removeDjPhoto, setDjPhoto } from './photo.ts';
import { answerSlot, djDashboard, follow, publicProfile, updateProfile } from './service.ts';

const tags = ['djs'];
const slugParams = z.object({ slug: z.string().min(1).max(80) });
const tooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });

export const djRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);
  // Only the photo upload takes a multipart body: one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
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

  app.post(
    '/api/dj/profile/photo',
    {
      preValidation: requireRole('dj'),
      schema: {
        tags,
        summary:
          'Subir la foto de mi perfil de DJ (JPEG, PNG, WebP o HEIC hasta 10 MB, campo "file"); 800 px en WebP, sin metadatos',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ url: z.string() }),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) =>
      setDjPhoto(app.db, storage, currentUser(request).id, await readSingleUpload(app, request, tooLarge)),
  );

  app.delete(
    '/api/dj/profile/photo',
    {
      preValidation: requireRole('dj'),
      schema: {
        tags,
        summary: 'Quitar la foto de mi perfil de DJ (mi foto de cuenta no cambia)',
        response: { 200: z.object({ url: z.null() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => removeDjPhoto(app.db, storage, currentUser(request).id),
  );

  app.get(
    '/media/djs/:name',
    { schema: { hide: true, params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.webp$/) }) } },
    async (request, reply) => {
      const file = await storage.read(djPhotoKey(request.params.name));
      if (!file) throw notFound('La foto', 'IMAGE_NOT_FOUND');
      // Every upload gets a new name, so a stored photo never changes.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );

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
};
