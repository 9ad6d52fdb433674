// Incidents and bans over HTTP. Door staff log incidents for an event of their club; the club's CEO and admins
// read, export and run the ban list. Every route checks the club scope on the server.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  apiErrorSchema,
  banListQuery,
  banListSchema,
  banSchema,
  incidentFilterQuery,
  incidentInputSchema,
  incidentListSchema,
  newBanSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { requireDoorStaffEvent, requireIncidentReader } from './access.ts';
import { createBan, liftBan, listBans } from './bans.ts';
import { incidentsCsv } from './csv.ts';
import { readIncidentPhoto, setIncidentPhoto } from './photo.ts';
import { listIncidents, logIncident } from './service.ts';

const tooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const id = z.string().min(1).max(200);
const tags = ['incidentes'];

export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);
  // Only the photo upload takes a multipart body: one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/incidents/:incidentId/photo',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Añadir la foto de un incidente (campo "file", hasta 10 MB); se guarda en WebP sin metadatos',
        consumes: ['multipart/form-data'],
        params: z.object({ incidentId: id }),
        response: {
          200: z.object({ photoUrl: z.string() }),
          413: apiErrorSchema,
          415: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      setIncidentPhoto(
        app.db,
        storage,
        currentUser(request),
        request.params.incidentId,
        await readSingleUpload(app, request, tooLarge),
      ),
  );

  app.get(
    '/api/clubs/:clubId/incidents/:incidentId/photo',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'La foto de un incidente (CEO o administrador)',
        params: z.object({ clubId: id, incidentId: id }),
      },
    },
    async (request, reply) => {
      const file = await readIncidentPhoto(
        app.db,
        storage,
        currentUser(request),
        request.params.clubId,
        request.params.incidentId,
      );
      return reply
        .type('image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );

  app.post(
    '/api/door/events/:eventId/incidents',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Registrar un incidente (y, si se pide, vetar a los titulares de las entradas implicadas)',
        params: z.object({ eventId: id }),
        body: incidentInputSchema,
        response: { 201: z.object({ id: z.string(), banned: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const event = await requireDoorStaffEvent(app.db, actor, request.params.eventId);
      const logged = await logIncident(app.db, actor, event, request.body);
      return reply.status(201).send({ id: logged.id, banned: logged.bannedUserIds.length });
    },
  );

  app.get(
    '/api/door/events/:eventId/incidents',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Los incidentes que he registrado en este evento',
        params: z.object({ eventId: id }),
        response: { 200: incidentListSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const event = await requireDoorStaffEvent(app.db, actor, request.params.eventId);
      return listIncidents(app.db, event.club_id, { eventId: event.id, reportedBy: actor.id });
    },
  );

  app.get(
    '/api/clubs/:clubId/incidents',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Incidentes de una discoteca (su CEO o un administrador)',
        params: z.object({ clubId: id }),
        querystring: incidentFilterQuery,
        response: { 200: incidentListSchema, ...errors },
      },
    },
    async (request) => {
      const club = await requireIncidentReader(app.db, currentUser(request), request.params.clubId);
      return listIncidents(app.db, club.id, request.query);
    },
  );

  app.get(
    '/api/clubs/:clubId/incidents.csv',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Incidentes de una discoteca en CSV',
        params: z.object({ clubId: id }),
        querystring: incidentFilterQuery,
      },
    },
    async (request, reply) => {
      const club = await requireIncidentReader(app.db, currentUser(request), request.params.clubId);
      const { items } = await listIncidents(app.db, club.id, request.query);
      reply.header('content-disposition', `attachment; filename="incidentes-${club.slug}.csv"`);
      reply.header('cache-control', 'no-store');
      reply.type('text/csv; charset=utf-8');
      return incidentsCsv(items);
    },
  );

  app.get(
    '/api/clubs/:clubId/bans',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Lista de vetados de una discoteca (activos; all=1 también los levantados o vencidos)',
        params: z.object({ clubId: id }),
        querystring: banListQuery,
        response: { 200: banListSchema, ...errors },
      },
    },
    async (request) => {
      const club = await requireIncidentReader(app.db, currentUser(request), request.params.clubId);
      return listBans(app.db, club.id, request.query.all === '1');
    },
  );

  app.post(
    '/api/clubs/:clubId/bans',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Vetar al titular de una entrada en esta discoteca',
        params: z.object({ clubId: id }),
        body: newBanSchema,
        response: { 201: banSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const club = await requireIncidentReader(app.db, actor, request.params.clubId);
      return reply.status(201).send(await createBan(app.db, actor, club.id, request.body));
    },
  );

  app.post(
    '/api/clubs/:clubId/bans/:banId/lift',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Levantar un veto',
        params: z.object({ clubId: id, banId: id }),
        response: { 200: banSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const club = await requireIncidentReader(app.db, actor, request.params.clubId);
      return liftBan(app.db, actor, club.id, request.params.banId);
    },
  );
};
