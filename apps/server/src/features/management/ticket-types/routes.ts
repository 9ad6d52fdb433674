// An event's ticket types as its club manages them: adding one, editing, pausing or resuming it, deleting one with
// nothing issued, and their order on the event's page. Each answers with all the event's types.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  managedTicketTypeSchema,
  ticketTypeInputSchema,
  ticketTypeOrderSchema,
  ticketTypeUpdateSchema,
} from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { actorOf } from '../caller.ts';
import { errors, eventParams, tags } from '../route-schemas.ts';
import { addTicketType, deleteTicketType, reorderTicketTypes, updateTicketType } from './service.ts';

const typeParams = eventParams.extend({ typeId: z.string().min(1).max(300) });
const typesResponse = z.object({ items: z.array(managedTicketTypeSchema) });

export const ticketTypeRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
