// My conversations: the list, opening one with a person (rate-limited when it creates one), the unread total and one
// conversation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationListQuery,
  conversationPage,
  conversationSchema,
  messagesUnreadSchema,
  startConversationSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import type { UserLimit } from './rate-limit.ts';
import { errors, idParams, tags } from './route-schemas.ts';
import { getConversation, listConversations, openConversationWith, unreadTotal } from './service.ts';

export function conversationRoutes(base: FastifyInstance, limits: { start: UserLimit }): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/conversations',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis conversaciones, la de actividad más reciente primero',
        querystring: conversationListQuery,
        response: { 200: conversationPage, ...errors },
      },
    },
    async (request) => listConversations(app.db, currentUser(request).id, request.query),
  );

  app.post(
    '/api/conversations',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Abrir la conversación con una persona (la crea la primera vez)',
        body: startConversationSchema,
        response: { 200: conversationSchema, 201: conversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = currentUser(request).id;
      const { conversation, created } = await openConversationWith(app.db, me, request.body.userId, () =>
        limits.start(request, reply),
      );
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/messages/unread-count',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mensajes sin leer en todas mis conversaciones',
        response: { 200: messagesUnreadSchema, ...errors },
      },
    },
    async (request) => ({ count: await unreadTotal(app.db, currentUser(request).id) }),
  );

  app.get(
    '/api/conversations/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una conversación mía',
        params: idParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => getConversation(app.db, currentUser(request).id, request.params.id),
  );
}
