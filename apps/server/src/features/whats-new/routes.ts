// "Novedades": the feed (visitors get its public part), the unread count the shell shows, and "marcar todo
// como leído".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { whatsNewCountSchema, whatsNewFeedSchema } from '@nocturna/shared';
import { currentUser, loadSession, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { markAllRead, whatsNew, whatsNewUnreadCount } from './service.ts';

const tags = ['novedades'];

export const whatsNewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/whats-new',
    {
      schema: {
        tags,
        summary: 'Novedades: lo que ha cambiado para mí (o, sin sesión, los eventos nuevos de esta semana)',
        response: { 200: whatsNewFeedSchema },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      return whatsNew(app.db, viewer?.id ?? null);
    },
  );

  app.get(
    '/api/whats-new/unread-count',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cuántas novedades hay sin leer',
        response: { 200: whatsNewCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await whatsNewUnreadCount(app.db, currentUser(request).id) }),
  );

  app.post(
    '/api/whats-new/read-all',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Marcar todas las novedades como leídas',
        response: { 200: whatsNewCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await markAllRead(app.db, currentUser(request).id);
      return { count: 0 };
    },
  );
};
