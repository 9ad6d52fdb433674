// The events of the clubs someone runs: listing them with their figures, creating, reading and editing one. Publishing,
// duplicating and cancelling are lifecycle-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eventInputSchema,
  eventUpdateSchema,
  managedEventListSchema,
  managedEventSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../../auth/guards.ts';
import { actorOf, requireManagerOfSomething } from '../caller.ts';
import { errors, eventParams, tags } from '../route-schemas.ts';
import { eventLifecycleRoutes } from './lifecycle-routes.ts';
import { toManagedEvent } from './repository.ts';
import { createEvent, managedEventOr404, managedEventsOf, updateEvent } from './service.ts';

export const managedEventRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const ids = await requireManagerOfSomething(app.db, request);
      return { items: await managedEventsOf(app.db, currentUser(request), ids, request.query) };
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

  // Publishing, duplicating and cancelling, after the editing routes (the order of the API document).
  await app.register(eventLifecycleRoutes);
};
