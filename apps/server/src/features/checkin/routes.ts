// The door's API: tonight's events I may scan, scan (QR token or ticket number), manual search, the offline
// pack and its sync, conflicts between doors, aforo. Every route checks the club-scoped permission.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aforoSchema,
  apiErrorSchema,
  conflictListSchema,
  doorEventListSchema,
  doorPackSchema,
  doorSearchQuery,
  doorSearchResultSchema,
  exitRequestSchema,
  exitResultSchema,
  reentryRuleSchema,
  refuseRequestSchema,
  refuseResultSchema,
  scanRequestSchema,
  scanResultSchema,
  syncRequestSchema,
  syncResultSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { doorPack, listConflicts, reviewConflict, syncCheckIns } from './offline.ts';
import { aforo, requireDoorEvent, scanTicket, searchEventTickets, tonightsEvents } from './service.ts';
import type { DoorContext } from './context.ts';
import { DOOR_CLIENT_EVENTS, doorPusher, handleDoorEvents } from './door-room.ts';
import { refuseTicket } from './refusals.ts';
import { recordExit, setReentryRule } from './movements.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const conflict = { 409: apiErrorSchema };
const eventParams = z.object({ eventId: z.string().min(1).max(200) });
const tags = ['puerta'];

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  // What every function of the door works with, gathered once: only this plugin sees the Fastify instance.
  const ctx: DoorContext = {
    db: app.db,
    dbKind: app.dbKind,
    log: app.log,
    signer: app.ticketSigner,
    bus: app.realtime,
    pushToDoors: doorPusher(app.realtime.io),
  };
  app.realtime.onClientEvents({
    events: DOOR_CLIENT_EVENTS,
    attach: (socket) => handleDoorEvents(ctx, socket),
  });

  app.get(
    '/api/door/events',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Los eventos de esta noche en los que puedo escanear',
        response: { 200: doorEventListSchema, ...errors },
      },
    },
    async (request) => tonightsEvents(ctx.db, currentUser(request)),
  );

  app.post(
    '/api/door/events/:eventId/scans',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Escanear una entrada (QR o número): VÁLIDA la marca usada; si no, dice por qué',
        params: eventParams,
        body: scanRequestSchema,
        response: { 200: scanResultSchema, ...errors },
      },
    },
    async (request) => scanTicket(ctx, currentUser(request), request.params.eventId, request.body),
  );

  app.post(
    '/api/door/events/:eventId/refusals',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Rechazar una entrada válida en la puerta, con el motivo (la política del club decide el reembolso)',
        params: eventParams,
        body: refuseRequestSchema,
        response: { 200: refuseResultSchema, ...errors, ...conflict },
      },
    },
    async (request) => refuseTicket(ctx, currentUser(request), request.params.eventId, request.body),
  );

  app.post(
    '/api/door/events/:eventId/exits',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Sale a fumar: la persona que entró sale; al volver, se escanea su entrada otra vez',
        params: eventParams,
        body: exitRequestSchema,
        response: { 200: exitResultSchema, ...errors, ...conflict },
      },
    },
    async (request) => recordExit(ctx, currentUser(request), request.params.eventId, request.body),
  );

  app.put(
    '/api/door/events/:eventId/reentry',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'La regla de reentrada del evento: permitida hasta una hora, o nunca (solo quien lleva el club)',
        params: eventParams,
        body: reentryRuleSchema,
        response: { 200: reentryRuleSchema, ...errors },
      },
    },
    async (request) => setReentryRule(ctx, currentUser(request), request.params.eventId, request.body),
  );

  app.get(
    '/api/door/events/:eventId/tickets',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Buscar entradas por nombre, usuario o número',
        params: eventParams,
        querystring: doorSearchQuery,
        response: { 200: doorSearchResultSchema, ...errors },
      },
    },
    async (request) =>
      searchEventTickets(ctx.db, currentUser(request), request.params.eventId, request.query.q),
  );

  app.get(
    '/api/door/events/:eventId/pack',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Todo lo que una puerta necesita para funcionar sin conexión',
        params: eventParams,
        response: { 200: doorPackSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return doorPack(ctx, currentUser(request), request.params.eventId);
    },
  );

  app.post(
    '/api/door/events/:eventId/sync',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Subir las entradas que una puerta dejó pasar sin conexión (idempotente por clientId)',
        params: eventParams,
        body: syncRequestSchema,
        response: { 200: syncResultSchema, ...errors },
      },
    },
    async (request) =>
      syncCheckIns(
        ctx,
        currentUser(request),
        request.params.eventId,
        request.body.door,
        request.body.checkIns,
      ),
  );

  app.get(
    '/api/door/events/:eventId/conflicts',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Entradas que dos puertas dejaron pasar, o que ya no valían',
        params: eventParams,
        response: { 200: conflictListSchema, ...errors },
      },
    },
    async (request) => listConflicts(ctx, currentUser(request), request.params.eventId),
  );

  app.post(
    '/api/door/events/:eventId/conflicts/:conflictId/review',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Marcar un aviso como revisado',
        params: eventParams.extend({ conflictId: z.string().min(1).max(100) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await reviewConflict(ctx, currentUser(request), request.params.eventId, request.params.conflictId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/door/events/:eventId/aforo',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Aforo: entradas frente a capacidad',
        params: eventParams,
        response: { 200: aforoSchema, ...errors },
      },
    },
    async (request) =>
      aforo(ctx.db, (await requireDoorEvent(ctx.db, currentUser(request), request.params.eventId)).id),
  );
};
