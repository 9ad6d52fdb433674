// Private messages API. Everything needs a session; a conversation someone is not part of answers
// 404 on every call, exactly like one that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  conversationListQuery,
  conversationPage,
  conversationSchema,
  markReadSchema,
  messageListQuery,
  messagePage,
  messageSchema,
  messagesUnreadSchema,
  readStateSchema,
  sendMessageSchema,
  startConversationSchema,
} from '@nocturna/shared';
import rateLimit from '@fastify/rate-limit';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { rateLimitStore } from '../../http/rate-limit-store.ts';
import { messageLimits } from './rate-limit.ts';
import { messageSocketEvents } from './socket-events.ts';
import {
  getConversation,
  listConversations,
  listMessages,
  markRead,
  openConversationWith,
  sendMessage,
  unreadTotal,
} from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['mensajes'];
const idParams = z.object({ id: z.string().min(1).max(100) });

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.realtime.onClientEvents(messageSocketEvents({ db: app.db, bus: app.realtime }));

  // Registered in this scope only; the checks in rate-limit.ts count per person.
  await app.register(rateLimit, { global: false, ...rateLimitStore(app, 'messages') });
  const limits = messageLimits((options) => app.createRateLimit(options));

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

  app.get(
    '/api/conversations/:id/messages',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mensajes, los más recientes primero; el cursor lleva a los anteriores',
        params: idParams,
        querystring: messageListQuery,
        response: { 200: messagePage, ...errors },
      },
    },
    async (request) => listMessages(app.db, currentUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      // The session and the limit come before the body is checked: a flood of bad bodies counts too.
      preValidation: async (request, reply) => {
        await requireUser(request, reply);
        await limits.send(request, reply);
      },
      schema: {
        tags,
        summary: 'Enviar un mensaje (1–2.000 caracteres, texto)',
        params: idParams,
        body: sendMessageSchema,
        response: { 200: messageSchema, 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { message, created } = await sendMessage(
        app.db,
        app.realtime,
        { id: user.id, name: user.name },
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Marcar como leída hasta un mensaje (seq)',
        params: idParams,
        body: markReadSchema,
        response: { 200: readStateSchema, ...errors },
      },
    },
    async (request) =>
      markRead(app.db, app.realtime, currentUser(request).id, request.params.id, request.body.seq),
  );
};
