// The messages of a conversation: reading them newest first, sending one (rate-limited before the body is checked)
// and marking them read up to one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadSchema,
  messageListQuery,
  messagePage,
  messageSchema,
  readStateSchema,
  sendMessageSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import type { UserLimit } from './rate-limit.ts';
import { errors, idParams, tags } from './route-schemas.ts';
import { listMessages, markRead, sendMessage } from './service.ts';

export function conversationMessageRoutes(base: FastifyInstance, limits: { send: UserLimit }): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
