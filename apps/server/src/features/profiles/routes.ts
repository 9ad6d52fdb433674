// Profiles: my own (read, edit in place, privacy, avatar), another person's by id or username, and user search.
// Another person's profile and the search are open to visitors; what a viewer gets depends on who
// they are (see service.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { textSearchFor } from '../../db/text-search.ts';
import { anonymousSearchLimit } from '../../http/search-rate-limit.ts';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  apiErrorSchema,
  avatarSchema,
  ownProfileSchema,
  privacySettingsSchema,
  privacyUpdateSchema,
  profileUpdateSchema,
  userProfileSchema,
  userSearchPage,
  userSearchQuery,
} from '@nocturna/shared';
import { currentUser, loadSession, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import {
  avatarFile,
  ownProfile,
  privacySettings,
  profileById,
  profileByUsername,
  removeAvatar,
  replaceAvatar,
  searchUsers,
  updateOwnProfile,
  updatePrivacySettings,
} from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['perfiles'];
const tooLarge = () =>
  new AppError(413, 'AVATAR_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });
// Decoding a photo costs real CPU (a HEIC up to seconds): a person changes theirs a few times, not hundreds.
export const AVATAR_UPLOAD_LIMIT = { max: 10, windowMs: 10 * 60_000 };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);
  // Only this plugin's routes take multipart bodies: one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  // Per person, counted after the session is known (preHandler); in this server's memory.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => request.authUser?.id ?? request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'TOO_MANY_UPLOADS',
        `Has cambiado la foto muchas veces seguidas. Prueba dentro de ${Math.ceil(context.ttl / 60_000)} min.`,
        { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } },
      ),
  });

  app.get(
    '/api/me/profile',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Mi perfil', response: { 200: ownProfileSchema, ...errors } },
    },
    async (request) => ownProfile(app.db, currentUser(request).id),
  );

  app.patch(
    '/api/me/profile',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Editar mi perfil (solo cambian los campos enviados)',
        body: profileUpdateSchema,
        response: { 200: ownProfileSchema, ...errors },
      },
    },
    async (request) => updateOwnProfile(app.db, currentUser(request).id, request.body),
  );

  app.get(
    '/api/me/privacy',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis ajustes de privacidad',
        response: { 200: privacySettingsSchema, ...errors },
      },
    },
    async (request) => privacySettings(app.db, currentUser(request).id),
  );

  app.patch(
    '/api/me/privacy',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Perfil público o privado, quién puede escribirme, mostrar mis eventos, mostrar cuándo estoy en línea',
        body: privacyUpdateSchema,
        response: { 200: privacySettingsSchema, ...errors },
      },
    },
    async (request) => updatePrivacySettings(app.db, currentUser(request).id, request.body),
  );

  app.post(
    '/api/me/avatar',
    {
      preValidation: requireUser,
      config: { rateLimit: { max: AVATAR_UPLOAD_LIMIT.max, timeWindow: AVATAR_UPLOAD_LIMIT.windowMs } },
      schema: {
        tags,
        summary:
          'Subir mi foto (JPEG, PNG, WebP o HEIC hasta 10 MB, campo "file"); se guarda a 512 px en WebP y sin metadatos',
        consumes: ['multipart/form-data'],
        response: {
          200: avatarSchema,
          ...errors,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const upload = await readSingleUpload(app, request, tooLarge);
      return replaceAvatar(app.db, storage, user.id, upload);
    },
  );

  app.delete(
    '/api/me/avatar',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Quitar mi foto', response: { 200: avatarSchema, ...errors } },
    },
    async (request) => removeAvatar(app.db, storage, currentUser(request).id),
  );

  app.get(
    '/media/avatars/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const file = await avatarFile(storage, request.params.name);
      // Every new photo gets a new name, so a stored one never changes.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );

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
};
