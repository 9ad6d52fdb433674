// Reporting a snapshot (enough reports from different people hide it) and asking for one you appear in to be taken
// down (it is hidden at once).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wallReportSchema, wallTakedownSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errors, snapshotParams, tags } from './route-schemas.ts';
import { reportSnapshot, requestTakedown, type WallContext } from './service.ts';

export function reportRoutes(base: FastifyInstance, ctx: WallContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
