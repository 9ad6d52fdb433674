// The presence calls. The session is checked before the body, so a signed-out call answers 401. The offline call also takes navigator.sendBeacon's text/plain JSON body, which is
// how a closing tab says goodbye.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  presenceDeviceSchema,
  presenceSchema,
  presenceSettingsSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { goOffline, heartbeat, presenceOf, presenceSettings, updatePresenceSettings } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const tags = ['presencia'];
const noContent = { 204: z.null(), ...errors };

export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'INVALID_JSON', 'El cuerpo no es JSON válido.'), undefined);
    }
  });

  app.post(
    '/api/presence/register',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Registrar el dispositivo al iniciar sesión (en línea)',
        body: presenceDeviceSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await heartbeat(app.db, app.realtime, currentUser(request).id, request.body, true);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/presence/heartbeat',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Latido cada 30 s: sigo en línea',
        body: presenceDeviceSchema.nullish(),
        response: noContent,
      },
    },
    async (request, reply) => {
      await heartbeat(app.db, app.realtime, currentUser(request).id, request.body ?? undefined, false);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/presence/offline',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Desconectado (también por sendBeacon)',
        body: presenceDeviceSchema.partial().nullish(),
        response: noContent,
      },
    },
    async (request, reply) => {
      await goOffline(app.db, app.realtime, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:userId/presence',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'En línea / última vez (solo el propio usuario y sus conexiones)',
        params: z.object({ userId: z.string().min(1).max(100) }),
        response: { 200: presenceSchema, ...errors },
      },
    },
    async (request) => presenceOf(app.db, currentUser(request).id, request.params.userId),
  );

  app.get(
    '/api/me/presence-settings',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Si muestro que estoy en línea',
        response: { 200: presenceSettingsSchema, ...errors },
      },
    },
    async (request) => presenceSettings(app.db, currentUser(request).id),
  );

  app.put(
    '/api/me/presence-settings',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mostrar u ocultar que estoy en línea',
        body: presenceSettingsSchema,
        response: { 200: presenceSettingsSchema, ...errors },
      },
    },
    async (request) => updatePresenceSettings(app.db, currentUser(request).id, request.body.showOnline),
  );
};
