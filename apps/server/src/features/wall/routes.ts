// The live event wall's HTTP routes and socket events. Reading a public wall needs no account; everything else
// runs the checks in service.ts. The routes are grouped by resource, registered in this order (the order of the API
// document): the wall and its snapshot pages, posting and deleting snapshots, reactions, reports, moderation, and
// the photo files.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { WALL_IMAGE_MAX_BYTES, WALL_PAGE_SIZE, snapshotPageSchema, wallInfoSchema } from '@nocturna/shared';
import { loadSession } from '../../auth/guards.ts';
import { resolveAuthSecret } from '../../auth/secret.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { handleWallEvents, handleVisitorWallEvents, socketWallLive, WALL_CLIENT_EVENTS } from './live.ts';
import { mediaSigningKey } from './media-links.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { reactionRoutes } from './reaction-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { errors, eventParams, tags } from './route-schemas.ts';
import { listWall, wallInfo, wallMedia, type WallContext } from './service.ts';
import { snapshotRoutes } from './snapshot-routes.ts';

const cursorShape = z.tuple([z.string(), z.string()]);

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
  // Registered on this plugin, so every wall route below (not only the posting one) sits inside the parser.
  await app.register(multipart, {
    limits: { fileSize: WALL_IMAGE_MAX_BYTES, files: 2, fields: 1, parts: 3 },
  });

  wallViewRoutes(app, ctx);
  snapshotRoutes(app, ctx);
  reactionRoutes(app, ctx);
  reportRoutes(app, ctx);
  moderationRoutes(app, ctx);
  wallMediaRoutes(app, ctx);
};

// A wall's description (who may see it and post, and when) and its snapshots, newest first. No account needed.
function wallViewRoutes(base: FastifyInstance, ctx: WallContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}

// The photo files themselves, behind signed links; not part of the API document.
function wallMediaRoutes(base: FastifyInstance, ctx: WallContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
