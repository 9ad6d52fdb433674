// A DJ's profile photo: uploading and removing it (role dj), and the stored files. The multipart parser is
// registered by djRoutes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, currentUser } from '../../auth/guards.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/openapi.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { tags } from './route-schemas.ts';
import { djPhotoKey, removeDjPhoto, setDjPhoto } from './photo.ts';

const tooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });

export function djPhotoRoutes(base: FastifyInstance, storage: FileStorage): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
