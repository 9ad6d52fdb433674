// My photo: uploading it (rate-limited per person), removing it, and the stored files. The multipart parser and the
// rate-limit plugin are registered by profileRoutes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, avatarSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { errors, tags } from './route-schemas.ts';
import { avatarFile, removeAvatar, replaceAvatar } from './service.ts';

const tooLarge = () =>
  new AppError(413, 'AVATAR_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });
// Decoding a photo costs real CPU (a HEIC up to seconds): a person changes theirs a few times, not hundreds.
export const AVATAR_UPLOAD_LIMIT = { max: 10, windowMs: 10 * 60_000 };

export function avatarRoutes(base: FastifyInstance, storage: FileStorage): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
