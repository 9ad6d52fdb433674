// The signed-in user's notifications: newest first, at most 100 a page, unread count, read, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, notificationListQuery, notificationPage, unreadCountSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
} from './service.ts';
import { notificationSocketEvents } from './socket-events.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ['notificaciones'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.realtime.onClientEvents(notificationSocketEvents(app.db));

  app.get(
    '/api/notifications',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis notificaciones, las más recientes primero',
        querystring: notificationListQuery,
        response: { 200: notificationPage, ...errors },
      },
    },
    async (request) => listNotifications(app.db, currentUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cuántas notificaciones no he leído',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => ({ count: await unreadCount(app.db, currentUser(request).id) }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Marcar todas como leídas', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await markAllNotificationsRead(app.db, app.realtime, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Marcar una como leída',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markNotificationRead(app.db, app.realtime, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Borrar una notificación',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteNotification(app.db, app.realtime, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
