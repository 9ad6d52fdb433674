// An event's life after it is written: publishing it or taking it back to draft, the same night a week later, and
// cancelling it with every ticket.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventStatusChangeSchema, managedEventSchema } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { actorOf } from '../caller.ts';
import { errors, eventParams, tags } from '../route-schemas.ts';
import { cancelEvent, duplicateEvent, setEventStatus } from './lifecycle.ts';

export const eventLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
