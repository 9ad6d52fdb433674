// Club owners (CEOs), admin only: who runs each club, making someone a club's owner, and removing one (which also
// takes their door access away, through the door's own function passed in by clubStaffRoutes).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubOwnersListSchema, staffLoginSchema } from '@nocturna/shared';
import { currentUser, requireRole } from '../../auth/guards.ts';
import { notify } from '../notifications/index.ts';
import { madeClubOwner } from './notification-messages.ts';
import { added, clubParams, errors, memberParams } from './route-schemas.ts';
import { addOwner, listOwners, removeOwner } from './service.ts';

export function clubOwnerRoutes(
  base: FastifyInstance,
  doorAccessLost: (userId: string) => Promise<unknown>,
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/club-owners',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Responsables (CEO) de cada discoteca',
        response: { 200: clubOwnersListSchema, ...errors },
      },
    },
    async () => listOwners(app.db),
  );

  app.post(
    '/api/admin/clubs/:clubId/owners',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Hacer a un CEO responsable de una discoteca',
        params: clubParams,
        body: staffLoginSchema,
        response: { 201: added, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const result = await addOwner(app.db, actor, request.params.clubId, request.body.login);
      await notify(app.db, app.realtime, madeClubOwner(result.member.userId, result.club, actor.id));
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/admin/clubs/:clubId/owners/:userId',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Quitar un responsable de una discoteca',
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeOwner(app.db, request.params.clubId, request.params.userId);
      await doorAccessLost(request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
