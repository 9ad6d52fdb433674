// Profiles: my own (read, edit in place, privacy, avatar), another person's by id or username, and user search.
// Another person's profile and the search are open to visitors; what a viewer gets depends on who
// they are (see service.ts). The routes are grouped by resource and registered in this order, the order of the API
// document: my profile and privacy, my photo, other people.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import {
  AVATAR_MAX_BYTES,
  ownProfileSchema,
  privacySettingsSchema,
  privacyUpdateSchema,
  profileUpdateSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { peopleRoutes } from './people-routes.ts';
import { errors, tags } from './route-schemas.ts';
import { ownProfile, privacySettings, updateOwnProfile, updatePrivacySettings } from './service.ts';

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

  ownProfileRoutes(app);
  avatarRoutes(app, storage);
  peopleRoutes(app);
};

// My profile and my privacy settings: reading them and changing only the fields sent.
function ownProfileRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
