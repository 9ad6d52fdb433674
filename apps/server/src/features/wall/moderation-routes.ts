// The moderators' side of a wall: the queue of pending and hidden snapshots, and approving or rejecting one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wallDecisionSchema, wallQueueSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errors, eventParams, snapshotParams, tags } from './route-schemas.ts';
import { decide, moderationQueue, type WallContext } from './service.ts';

export function moderationRoutes(base: FastifyInstance, ctx: WallContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
