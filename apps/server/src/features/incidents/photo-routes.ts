// An incident's photo: door staff add it (one file, stored as WebP without metadata); the club's CEO or an admin
// views it. The multipart parser is registered by incidentRoutes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { readIncidentPhoto, setIncidentPhoto } from './photo.ts';
import { errors, id, tags } from './route-schemas.ts';

const tooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });

export function incidentPhotoRoutes(base: FastifyInstance, storage: FileStorage): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/incidents/:incidentId/photo',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Añadir la foto de un incidente (campo "file", hasta 10 MB); se guarda en WebP sin metadatos',
        consumes: ['multipart/form-data'],
        params: z.object({ incidentId: id }),
        response: {
          200: z.object({ photoUrl: z.string() }),
          413: apiErrorSchema,
          415: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      setIncidentPhoto(
        app.db,
        storage,
        currentUser(request),
        request.params.incidentId,
        await readSingleUpload(app, request, tooLarge),
      ),
  );

  app.get(
    '/api/clubs/:clubId/incidents/:incidentId/photo',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'La foto de un incidente (CEO o administrador)',
        params: z.object({ clubId: id, incidentId: id }),
      },
    },
    async (request, reply) => {
      const file = await readIncidentPhoto(
        app.db,
        storage,
        currentUser(request),
        request.params.clubId,
        request.params.incidentId,
      );
      return reply
        .type('image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );
}
