// Incidents and bans over HTTP. Door staff log incidents for an event of their club; the club's CEO and admins
// read, export and run the ban list. Every route checks the club scope on the server. The routes are grouped by
// resource and registered in this order, the order of the API document: photos, the door's incidents, a club's
// incidents, bans.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  incidentFilterQuery,
  incidentInputSchema,
  incidentListSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { requireDoorStaffEvent, requireIncidentReader } from './access.ts';
import { banRoutes } from './ban-routes.ts';
import { incidentsCsv } from './csv.ts';
import { incidentPhotoRoutes } from './photo-routes.ts';
import { errors, id, tags } from './route-schemas.ts';
import { listIncidents, logIncident } from './service.ts';

export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);
  // Only the photo upload takes a multipart body: one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  incidentPhotoRoutes(app, storage);
  doorIncidentRoutes(app);
  clubIncidentRoutes(app);
  banRoutes(app);
};

// Door staff log an incident at an event of their club (banning the holders involved if asked) and see their own.
function doorIncidentRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}

// A club's incidents for its CEO or an admin, as a list or a CSV file.
function clubIncidentRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
