// The live event wall's HTTP routes and socket events. Reading a public wall needs no account; everything else
// runs the checks in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  WALL_IMAGE_MAX_BYTES,
  WALL_PAGE_SIZE,
  apiErrorSchema,
  reactionCountsSchema,
  snapshotPageSchema,
  snapshotSchema,
  wallCaptionSchema,
  wallDecisionSchema,
  wallInfoSchema,
  wallQueueSchema,
  wallReactionSchema,
  wallReportSchema,
  wallTakedownSchema,
} from '@nocturna/shared';
import { currentUser, loadSession, requireUser } from '../../auth/guards.ts';
import { resolveAuthSecret } from '../../auth/secret.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { brokenForm } from '../../http/single-upload.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { handleWallEvents, handleVisitorWallEvents, socketWallLive, WALL_CLIENT_EVENTS } from './live.ts';
import { mediaSigningKey } from './media-links.ts';
import {
  decide,
  deleteSnapshot,
  listWall,
  moderationQueue,
  postSnapshot,
  reportSnapshot,
  requestTakedown,
  setReaction,
  wallInfo,
  wallMedia,
  type PostTiming,
  type SnapshotUpload,
  type WallContext,
} from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['muro'];
const eventParams = z.object({ eventId: z.string().min(1).max(200) });
const snapshotParams = z.object({ snapshotId: z.string().min(1).max(100) });
const cursorShape = z.tuple([z.string(), z.string()]);

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

export const wallRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: WallContext = {
    db: app.db,
    storage: fileStorageFor(app.config),
    signingKey: mediaSigningKey(resolveAuthSecret(app.config)),
    live: socketWallLive(app.realtime.io),
    bus: app.realtime,
    log: app.log,
  };
  app.realtime.onClientEvents({
    events: WALL_CLIENT_EVENTS,
    attach: (socket) => handleWallEvents(ctx, socket),
    visitor: { events: WALL_CLIENT_EVENTS, attach: (socket) => handleVisitorWallEvents(ctx, socket) },
  });
  await app.register(multipart, {
    limits: { fileSize: WALL_IMAGE_MAX_BYTES, files: 2, fields: 1, parts: 3 },
  });

  app.get(
    '/api/wall/events/:eventId',
    {
      schema: {
        tags,
        summary: 'El muro de un evento: quién puede verlo y publicar, y cuándo',
        params: eventParams,
        response: { 200: wallInfoSchema, ...errors },
      },
    },
    async (request, reply) =>
      wallInfo(ctx, request.params.eventId, (await loadSession(request, reply))?.id ?? null),
  );

  app.get(
    '/api/wall/events/:eventId/snapshots',
    {
      schema: {
        tags,
        summary: 'Fotos del muro, de la más nueva a la más antigua (paginadas con cursor)',
        params: eventParams,
        querystring: z.object({
          cursor: z.string().max(500).optional(),
          limit: z.coerce.number().int().min(1).max(50).default(WALL_PAGE_SIZE),
        }),
        response: { 200: snapshotPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = (await loadSession(request, reply))?.id ?? null;
      const after = decodeCursor(request.query.cursor, cursorShape);
      const page = await listWall(ctx, request.params.eventId, viewer, request.query.limit, after);
      reply.header('cache-control', 'private, no-store');
      return { items: page.items, nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null };
    },
  );

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

  const reactionResponse = z.object({ reactions: reactionCountsSchema, mine: z.array(wallReactionSchema) });
  const reactionParams = snapshotParams.extend({ reaction: wallReactionSchema });
  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/wall/snapshots/:snapshotId/reactions/:reaction',
      preValidation: requireUser,
      schema: {
        tags,
        summary: on ? 'Reaccionar a una foto (una de cada por persona)' : 'Quitar una reacción',
        params: reactionParams,
        response: { 200: reactionResponse, ...errors },
      },
      handler: async (request) =>
        setReaction(ctx, request.params.snapshotId, currentUser(request).id, request.params.reaction, on),
    });
  }

  app.post(
    '/api/wall/snapshots/:snapshotId/reports',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Denunciar una foto (con 3 denuncias de personas distintas se oculta)',
        params: snapshotParams,
        body: wallReportSchema,
        response: { 201: z.object({ hidden: z.boolean(), reportsToHide: z.number() }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportSnapshot(ctx, request.params.snapshotId, currentUser(request).id, request.body.reason),
        ),
  );

  app.post(
    '/api/wall/snapshots/:snapshotId/takedown',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pedir que se retire una foto en la que sales (RGPD): se oculta al momento',
        params: snapshotParams,
        body: wallTakedownSchema,
        response: { 201: z.object({ hidden: z.boolean() }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requestTakedown(
            ctx,
            request.params.snapshotId,
            currentUser(request).id,
            request.body.note ?? null,
          ),
        ),
  );

  app.get(
    '/api/wall/events/:eventId/queue',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cola de moderación del muro (pendientes y ocultas)',
        params: eventParams,
        response: { 200: wallQueueSchema, ...errors },
      },
    },
    async (request) => moderationQueue(ctx, request.params.eventId, currentUser(request).id),
  );

  app.post(
    '/api/wall/snapshots/:snapshotId/decision',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Aprobar o rechazar una foto (moderadores)',
        params: snapshotParams,
        body: wallDecisionSchema,
        response: { 200: z.object({ status: z.string() }), ...errors },
      },
    },
    async (request) => decide(ctx, request.params.snapshotId, currentUser(request).id, request.body.decision),
  );

  app.get(
    '/media/wall/:name',
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string().max(200) }),
        querystring: z.object({
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      // The session is read only for a photo that is not open to everyone.
      const viewer = async () => (await loadSession(request, reply))?.id ?? null;
      const { data, cache } = await wallMedia(
        ctx,
        request.params.name,
        request.query.exp,
        request.query.sig,
        viewer,
      );
      return reply
        .type('image/webp')
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
};
