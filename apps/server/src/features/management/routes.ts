// The write side of the catalogue for the people who run clubs: clubs, events, ticket types, the audit log.
// Every route checks role and club scope on the server (service functions call requireClubManager).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  apiErrorSchema,
  auditPageSchema,
  auditQuerySchema,
  clubInputSchema,
  clubUpdateSchema,
  eventInputSchema,
  eventStatusChangeSchema,
  eventUpdateSchema,
  managedClubSchema,
  managedEventListSchema,
  managedEventSchema,
  managedTicketTypeSchema,
  ticketTypeInputSchema,
  ticketTypeOrderSchema,
  ticketTypeUpdateSchema,
} from '@nocturna/shared';
import { AVATAR_MAX_BYTES } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { readSingleUpload } from '../../http/single-upload.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { setClubImage, setEventCover } from './images.ts';
import { AppError } from '../../http/errors.ts';
import { managedClubIds, requireClubManager } from '../club-staff/index.ts';
import { listAudit } from './audit.ts';
import {
  archiveClub,
  createClub,
  findClubRow,
  listManagedClubs,
  managedClubOr404,
  toManagedClub,
  unarchiveClub,
  updateClub,
} from './clubs.ts';
import { listManagedEvents } from './event-list.ts';
import {
  cancelEvent,
  createEvent,
  duplicateEvent,
  managedEventOr404,
  setEventStatus,
  toManagedEvent,
  updateEvent,
} from './events.ts';
import { addTicketType, deleteTicketType, reorderTicketTypes, updateTicketType } from './ticket-types.ts';
import * as clock from '../../clock.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['gestión'];
const clubParams = z.object({ clubId: z.string().min(1).max(200) });
const eventParams = z.object({ eventId: z.string().min(1).max(200) });
const typeParams = eventParams.extend({ typeId: z.string().min(1).max(300) });
const typesResponse = z.object({ items: z.array(managedTicketTypeSchema) });

const tooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', 'La foto no puede pasar de 10 MB.', { field: 'file' });
const imageResponse = {
  200: z.object({ url: z.string() }),
  ...errors,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = fileStorageFor(app.config);
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, name: user.name };
  };
  // Only this plugin's image routes take multipart bodies: one file, nothing else.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/api/manage/clubs/:clubId/:kind(logo|cover)',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Subir el logo o la portada de una discoteca (JPEG, PNG, WebP o HEIC hasta 10 MB, campo "file")',
        consumes: ['multipart/form-data'],
        params: clubParams.extend({ kind: z.enum(['logo', 'cover']) }),
        response: imageResponse,
      },
    },
    async (request) =>
      setClubImage(
        app.db,
        storage,
        actorOf(request),
        request.params.clubId,
        request.params.kind,
        await readSingleUpload(app, request, tooLarge),
      ),
  );

  app.post(
    '/api/manage/events/:eventId/cover',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Subir la portada de un evento (JPEG, PNG, WebP o HEIC hasta 10 MB, campo "file")',
        consumes: ['multipart/form-data'],
        params: eventParams,
        response: imageResponse,
      },
    },
    async (request) =>
      setEventCover(
        app.db,
        storage,
        actorOf(request),
        request.params.eventId,
        await readSingleUpload(app, request, tooLarge),
      ),
  );

  // Plain users (no admin, no club of their own) get 403 on the whole area.
  async function requireManagerOfSomething(request: Parameters<typeof currentUser>[0]) {
    const ids = await managedClubIds(app.db, currentUser(request).id);
    if (ids !== null && ids.length === 0)
      throw new AppError(403, 'NOT_CLUB_OWNER', 'No gestionas ninguna discoteca.');
    return ids;
  }

  app.get(
    '/api/manage/clubs',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Las discotecas que gestiono (todas si soy admin)',
        response: { 200: z.object({ items: z.array(managedClubSchema) }), ...errors },
      },
    },
    async (request) => {
      const ids = await managedClubIds(app.db, currentUser(request).id);
      return { items: await listManagedClubs(app.db, ids) };
    },
  );

  app.post(
    '/api/manage/clubs',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Dar de alta una discoteca (admin, o un CEO que pasa a gestionarla)',
        body: clubInputSchema,
        response: { 201: managedClubSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createClub(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/api/manage/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una discoteca para editarla',
        params: clubParams,
        response: { 200: managedClubSchema, ...errors },
      },
    },
    async (request) => toManagedClub(await managedClubOr404(app.db, actorOf(request), request.params.clubId)),
  );

  app.patch(
    '/api/manage/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Editar una discoteca',
        params: clubParams,
        body: clubUpdateSchema,
        response: { 200: managedClubSchema, ...errors },
      },
    },
    async (request) => updateClub(app.db, actorOf(request), request.params.clubId, request.body),
  );

  app.delete(
    '/api/manage/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Archivar una discoteca con eventos, o borrarla si no tiene (admin)',
        params: clubParams,
        response: { 200: z.object({ archived: z.boolean(), deleted: z.boolean() }), ...errors },
      },
    },
    async (request) => archiveClub(app.db, actorOf(request), request.params.clubId),
  );

  app.post(
    '/api/manage/clubs/:clubId/unarchive',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Recuperar una discoteca archivada (admin)',
        params: clubParams,
        response: { 200: managedClubSchema, ...errors },
      },
    },
    async (request) => unarchiveClub(app.db, actorOf(request), request.params.clubId),
  );

  app.get(
    '/api/manage/events',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Eventos de las discotecas que gestiono, con vendidas y entradas',
        querystring: z.object({
          clubId: z.string().max(200).optional(),
          when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
        }),
        response: { 200: managedEventListSchema, ...errors },
      },
    },
    async (request) => {
      const ids = await requireManagerOfSomething(request);
      let clubId: string | undefined;
      if (request.query.clubId) {
        const club = await findClubRow(app.db, request.query.clubId);
        if (!club) throw new AppError(404, 'CLUB_NOT_FOUND', 'La discoteca no existe.');
        await requireClubManager(app.db, currentUser(request), club.id);
        clubId = club.id;
      }
      const now = clock.now().toISOString();
      const when = request.query.when;
      const items = await listManagedEvents(app.db, {
        clubIds: ids,
        clubId,
        from: when === 'upcoming' ? now : undefined,
        to: when === 'past' ? now : undefined,
        order: when === 'past' ? 'desc' : 'asc',
      });
      return { items: when === 'past' ? items.filter((e) => e.endAt <= now) : items };
    },
  );

  app.post(
    '/api/manage/events',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Crear un evento (borrador)',
        body: eventInputSchema,
        response: { 201: managedEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEvent(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/api/manage/events/:eventId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Un evento para editarlo, con sus tipos de entrada',
        params: eventParams,
        response: { 200: managedEventSchema, ...errors },
      },
    },
    async (request) =>
      toManagedEvent(app.db, await managedEventOr404(app.db, actorOf(request), request.params.eventId)),
  );

  app.patch(
    '/api/manage/events/:eventId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Editar un evento (avisa a quien tiene entrada si cambia la hora)',
        params: eventParams,
        body: eventUpdateSchema,
        response: { 200: managedEventSchema, ...errors },
      },
    },
    async (request) =>
      updateEvent(app.db, app.realtime, actorOf(request), request.params.eventId, request.body),
  );

  app.post(
    '/api/manage/events/:eventId/status',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Publicar un evento o devolverlo a borrador',
        params: eventParams,
        body: eventStatusChangeSchema,
        response: { 200: managedEventSchema, ...errors },
      },
    },
    async (request) => setEventStatus(app.db, actorOf(request), request.params.eventId, request.body.status),
  );

  app.post(
    '/api/manage/events/:eventId/duplicate',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'La misma noche la semana que viene (borrador)',
        params: eventParams,
        response: { 201: managedEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await duplicateEvent(app.db, actorOf(request), request.params.eventId)),
  );

  app.post(
    '/api/manage/events/:eventId/cancel',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cancelar un evento: cancela sus entradas y avisa a cada persona',
        params: eventParams,
        response: {
          200: z.object({
            event: managedEventSchema,
            ticketsCancelled: z.number().int(),
            holdersNotified: z.number().int(),
          }),
          ...errors,
        },
      },
    },
    async (request) => cancelEvent(app.db, app.realtime, actorOf(request), request.params.eventId),
  );

  app.post(
    '/api/manage/events/:eventId/ticket-types',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Añadir un tipo de entrada',
        params: eventParams,
        body: ticketTypeInputSchema,
        response: { 201: typesResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ items: await addTicketType(app.db, actorOf(request), request.params.eventId, request.body) }),
  );

  app.patch(
    '/api/manage/events/:eventId/ticket-types/:typeId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Editar, pausar o reanudar un tipo de entrada',
        params: typeParams,
        body: ticketTypeUpdateSchema,
        response: { 200: typesResponse, ...errors },
      },
    },
    async (request) => ({
      items: (
        await updateTicketType(
          app.db,
          actorOf(request),
          request.params.eventId,
          request.params.typeId,
          request.body,
        )
      ).types,
    }),
  );

  app.delete(
    '/api/manage/events/:eventId/ticket-types/:typeId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Borrar un tipo de entrada sin entradas',
        params: typeParams,
        response: { 200: typesResponse, ...errors },
      },
    },
    async (request) => ({
      items: await deleteTicketType(app.db, actorOf(request), request.params.eventId, request.params.typeId),
    }),
  );

  app.put(
    '/api/manage/events/:eventId/ticket-types/order',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Orden de los tipos de entrada en la página',
        params: eventParams,
        body: ticketTypeOrderSchema,
        response: { 200: typesResponse, ...errors },
      },
    },
    async (request) => ({
      items: await reorderTicketTypes(app.db, actorOf(request), request.params.eventId, request.body.ids),
    }),
  );

  app.get(
    '/api/manage/audit',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Registro de cambios (admin: todo; CEO: sus discotecas)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const ids = await requireManagerOfSomething(request);
      if (request.query.clubId && ids && !ids.includes(request.query.clubId))
        throw new AppError(403, 'NOT_CLUB_OWNER', 'No eres responsable de esta discoteca.');
      return listAudit(app.db, { ...request.query, clubIds: ids ?? undefined });
    },
  );

  app.get(
    '/api/manage/djs',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cuentas de DJ para enlazar en el cartel',
        querystring: z.object({ q: z.string().trim().max(60).default('') }),
        response: {
          200: z.object({
            items: z.array(z.object({ id: z.string(), name: z.string(), username: z.string().nullable() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireManagerOfSomething(request);
      const q = request.query.q.toLowerCase();
      const rows = await app.db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select(['users.id', 'users.name', 'users.username'])
        .where('user_roles.role', '=', 'dj')
        .$if(q.length > 0, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb(eb.fn('lower', ['users.name']), 'like', `%${q}%`),
              eb(eb.fn('lower', ['users.username']), 'like', `%${q}%`),
            ]),
          ),
        )
        .orderBy('users.name')
        .limit(20)
        .execute();
      return { items: rows };
    },
  );
};
