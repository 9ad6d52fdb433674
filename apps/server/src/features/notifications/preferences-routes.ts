// GET/PUT /api/me/notification-preferences: what reaches me, per kind, in the app, by e-mail and by push.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { preferencesOf, setPreference } from './preferences.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/notification-preferences',
    {
      preValidation: requireUser,
      schema: {
        tags: ['notificaciones'],
        summary: 'Mis preferencias de avisos',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => preferencesOf(app.db, currentUser(request).id),
  );
  app.put(
    '/api/me/notification-preferences',
    {
      preValidation: requireUser,
      schema: {
        tags: ['notificaciones'],
        summary: 'Cambiar cómo me llega un tipo de aviso',
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const { kind, ...value } = request.body;
      return setPreference(app.db, currentUser(request).id, kind, value);
    },
  );
};
