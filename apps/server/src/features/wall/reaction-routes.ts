// Reacting to a snapshot and taking the reaction back: the same path with PUT and DELETE.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reactionCountsSchema, wallReactionSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errors, snapshotParams, tags } from './route-schemas.ts';
import { setReaction, type WallContext } from './service.ts';

export function reactionRoutes(base: FastifyInstance, ctx: WallContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
