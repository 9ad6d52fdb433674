// Club staff: my door access, a club's door team (its owner or an admin), and club owners (admin only). The routes
// are grouped by resource and registered in this order, the order of the API document.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubStaffListSchema, doorAccessSchema, staffLoginSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { notify } from '../notifications/index.ts';
import { addedToDoor } from './notification-messages.ts';
import { clubOwnerRoutes } from './owner-routes.ts';
import { added, clubParams, errors, memberParams } from './route-schemas.ts';
import { addDoorStaff, doorAccess, listStaff, removeDoorStaff } from './service.ts';

// What the door does when someone loses a club's door (app.ts passes the door's own function): club-staff is what the
// door's permissions are made of, so it tells the door through this rather than importing it.
export type ClubStaffOptions = { doorAccessLost: (userId: string) => Promise<unknown> };

export const clubStaffRoutes: FastifyPluginAsyncZod<ClubStaffOptions> = async (app, { doorAccessLost }) => {
  doorStaffRoutes(app, doorAccessLost);
  clubOwnerRoutes(app, doorAccessLost);
};

// My door access, and a club's door team: listing, adding and removing its members.
function doorStaffRoutes(base: FastifyInstance, doorAccessLost: ClubStaffOptions['doorAccessLost']): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/door/access',
    {
      preValidation: requireUser,
      schema: {
        tags: ['puerta'],
        summary: 'Si puedo escanear entradas, y en qué discotecas',
        response: { 200: doorAccessSchema, ...errors },
      },
    },
    async (request) => doorAccess(app.db, currentUser(request).id),
  );

  app.get(
    '/api/clubs/:clubId/staff',
    {
      preValidation: requireUser,
      schema: {
        tags: ['puerta'],
        summary: 'El equipo de una discoteca (su CEO o un admin)',
        params: clubParams,
        response: { 200: clubStaffListSchema, ...errors },
      },
    },
    async (request) => listStaff(app.db, currentUser(request), request.params.clubId),
  );

  app.post(
    '/api/clubs/:clubId/staff',
    {
      preValidation: requireUser,
      schema: {
        tags: ['puerta'],
        summary: 'Añadir a alguien a la puerta por usuario o e-mail (su CEO o un admin)',
        params: clubParams,
        body: staffLoginSchema,
        response: { 201: added, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const result = await addDoorStaff(app.db, actor, request.params.clubId, request.body.login);
      await notify(app.db, app.realtime, addedToDoor(result.member.userId, result.club, actor.id));
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/clubs/:clubId/staff/:userId',
    {
      preValidation: requireUser,
      schema: {
        tags: ['puerta'],
        summary: 'Quitar a alguien de la puerta (su CEO o un admin)',
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeDoorStaff(app.db, currentUser(request), request.params.clubId, request.params.userId);
      await doorAccessLost(request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
