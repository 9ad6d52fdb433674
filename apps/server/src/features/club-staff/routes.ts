// Club staff: my door access, a club's door team (its owner or an admin), and club owners (admin only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  clubOwnersListSchema,
  clubRefSchema,
  clubStaffListSchema,
  clubStaffMemberSchema,
  doorAccessSchema,
  staffLoginSchema,
} from '@nocturna/shared';
import { currentUser, requireRole, requireUser } from '../../auth/guards.ts';
import { notify } from '../notifications/index.ts';
import { addedToDoor, madeClubOwner } from './notification-messages.ts';
import {
  addDoorStaff,
  addOwner,
  doorAccess,
  listOwners,
  listStaff,
  removeDoorStaff,
  removeOwner,
} from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const clubParams = z.object({ clubId: z.string().min(1).max(200) });
const memberParams = clubParams.extend({ userId: z.string().min(1).max(100) });
const added = z.object({ club: clubRefSchema, member: clubStaffMemberSchema });

// What the door does when someone loses a club's door (app.ts passes the door's own function): club-staff is what the
// door's permissions are made of, so it tells the door through this rather than importing it.
export type ClubStaffOptions = { doorAccessLost: (userId: string) => Promise<unknown> };

export const clubStaffRoutes: FastifyPluginAsyncZod<ClubStaffOptions> = async (app, { doorAccessLost }) => {
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
};
