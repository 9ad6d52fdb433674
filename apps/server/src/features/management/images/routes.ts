// Uploading a club's logo or cover and an event's cover: one file in a multipart form, field "file". The form
// parser is registered with its limits around all the management routes (../routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { AppError } from '../../../http/errors.ts';
import { readSingleUpload } from '../../../http/single-upload.ts';
import { fileStorageFor } from '../../../storage/file-storage.ts';
import { actorOf } from '../caller.ts';
import { clubParams, errors, eventParams, tags } from '../route-schemas.ts';
import { setClubImage, setEventCover } from './service.ts';

const tooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });
const imageResponse = {
  200: z.object({ url: z.string() }),
  ...errors,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);

  app.post(
    '/api/manage/clubs/:clubId/:kind(logo|cover)',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Subir el logo o la portada de una discoteca (JPEG, PNG, WebP o HEIC hasta 10 MB, campo "file")',
        consumes: ['multipart/form-data'],
        params: clubParams.extend({ kind: z.enum(['logo', 'cover']) }),
        response: imageResponse,
      },
    },
    async (request) =>
      setClubImage(
        app.db,
        storage,
        actorOf(request),
        request.params.clubId,
        request.params.kind,
        await readSingleUpload(app, request, tooLarge),
      ),
  );

  app.post(
    '/api/manage/events/:eventId/cover',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Subir la portada de un evento (JPEG, PNG, WebP o HEIC hasta 10 MB, campo "file")',
        consumes: ['multipart/form-data'],
        params: eventParams,
        response: imageResponse,
      },
    },
    async (request) =>
      setEventCover(
        app.db,
        storage,
        actorOf(request),
        request.params.eventId,
        await readSingleUpload(app, request, tooLarge),
      ),
  );
};
