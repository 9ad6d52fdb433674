// Posting a snapshot to an event's wall (two photos and an optional caption, read from a multipart form) and
// deleting one's own. The multipart parser is registered by wallRoutes around every wall route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WALL_IMAGE_MAX_BYTES, apiErrorSchema, snapshotSchema, wallCaptionSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { brokenForm } from '../../http/single-upload.ts';
import { errors, eventParams, snapshotParams, tags } from './route-schemas.ts';
import {
  deleteSnapshot,
  postSnapshot,
  type PostTiming,
  type SnapshotUpload,
  type WallContext,
} from './service.ts';

const tooLarge = (field: string) =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'Cada foto puede ocupar como mucho 10 MB.', { field });

const NOT_A_FORM = 'Envía las fotos como formulario multipart.';

// Two photos (fields "front" and "back") and an optional caption, with errors a person understands.
async function readSnapshotForm(app: FastifyInstance, request: FastifyRequest): Promise<SnapshotUpload> {
  if (!request.isMultipart())
    throw new AppError(415, 'MULTIPART_REQUIRED', NOT_A_FORM, {
      field: 'front',
    });
  const files: Partial<Record<'front' | 'back', Buffer>> = {};
  let caption: string | null = null;
  let field = 'front';
  try {
    for await (const part of request.parts()) {
      field = part.fieldname;
      if (part.type === 'file') {
        if (part.fieldname !== 'front' && part.fieldname !== 'back')
          throw badRequest(part.fieldname, 'Solo se aceptan las fotos "front" y "back".');
        if (files[part.fieldname]) throw badRequest(part.fieldname, 'Envía una sola foto de cada cámara.');
        const data = await part.toBuffer();
        if (data.length === 0) throw badRequest(part.fieldname, 'La foto está vacía.');
        files[part.fieldname] = data;
      } else {
        if (part.fieldname !== 'caption') throw badRequest(part.fieldname, 'Campo desconocido.');
        const parsed = wallCaptionSchema.safeParse(typeof part.value === 'string' ? part.value : '');
        if (!parsed.success) throw badRequest('caption', parsed.error.issues[0]!.message);
        caption = parsed.data === '' ? null : parsed.data;
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge(field);
    if (
      error instanceof app.multipartErrors.FilesLimitError ||
      error instanceof app.multipartErrors.PartsLimitError ||
      error instanceof app.multipartErrors.FieldsLimitError
    )
      throw badRequest(field, 'Envía dos fotos (frontal y trasera) y, si quieres, un texto.');
    throw brokenForm(error, field, NOT_A_FORM);
  }
  if (!files.front) throw badRequest('front', 'Falta la foto frontal (campo "front").');
  if (!files.back) throw badRequest('back', 'Falta la foto trasera (campo "back").');
  return { front: files.front, back: files.back, caption };
}

export function snapshotRoutes(base: FastifyInstance, ctx: WallContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/wall/events/:eventId/snapshots',
    {
      preValidation: requireUser,
      bodyLimit: 2 * WALL_IMAGE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary:
          'Publicar una foto: "front" (cámara frontal) y "back" (trasera), JPEG, PNG, WebP o HEIC hasta 10 MB cada una, y "caption" opcional (140 caracteres)',
        consumes: ['multipart/form-data'],
        params: eventParams,
        response: {
          201: snapshotSchema,
          ...errors,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await readSnapshotForm(app, request);
      const timing: PostTiming = {};
      try {
        const snapshot = await postSnapshot(ctx, request.params.eventId, user, upload, timing);
        // The image pipeline's share of the request, for the browser's devtools and bench/wall.bench.ts.
        reply.header(
          'server-timing',
          `images;dur=${(timing.imagesMs ?? 0).toFixed(1)};desc="image pipeline"`,
        );
        return reply.status(201).send(snapshot);
      } catch (error) {
        if (error instanceof AppError && error.code === 'WALL_TOO_SOON') {
          const details = error.details as { retryAfterSeconds: number };
          reply.header('retry-after', String(details.retryAfterSeconds));
        }
        throw error;
      }
    },
  );

  app.delete(
    '/api/wall/snapshots/:snapshotId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Borrar una foto propia (y sus archivos)',
        params: snapshotParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSnapshot(ctx, request.params.snapshotId, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
}
