// The assistant's conversations: listing, reading, renaming and deleting them, and settling a reservation proposal
// one of their messages made.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assistantConversation,
  assistantConversationDetail,
  assistantConversationList,
  assistantMessage,
  assistantProposalUpdate,
  assistantRenameBody,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { conversationParams, tags } from './route-schemas.ts';
import {
  conversationDetail,
  deleteConversation,
  listConversations,
  renameConversation,
  settleProposal,
} from './service.ts';

export function conversationRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/assistant/conversations',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis conversaciones con el asistente, la más reciente primero',
        response: { 200: assistantConversationList, ...errorResponses(401) },
      },
    },
    async (request) => listConversations(app.db, currentUser(request).id),
  );

  app.get(
    '/api/assistant/conversations/:conversationId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una conversación con sus mensajes',
        params: conversationParams,
        response: { 200: assistantConversationDetail, ...errorResponses(401, 404) },
      },
    },
    async (request) => conversationDetail(app.db, currentUser(request).id, request.params.conversationId),
  );

  app.patch(
    '/api/assistant/conversations/:conversationId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Renombrar una conversación',
        params: conversationParams,
        body: assistantRenameBody,
        response: { 200: assistantConversation, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      renameConversation(app.db, currentUser(request).id, request.params.conversationId, request.body.title),
  );

  app.delete(
    '/api/assistant/conversations/:conversationId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Borrar una conversación y sus mensajes',
        params: conversationParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteConversation(app.db, currentUser(request).id, request.params.conversationId);
      return reply.status(204).send(null);
    },
  );
}

// Closing a reservation proposal: confirmed (with the ticket it got) or dismissed.
export function proposalRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/api/assistant/conversations/:conversationId/messages/:messageId/proposal',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cerrar una propuesta de reserva: confirmada (con la entrada conseguida) o descartada',
        params: conversationParams.extend({ messageId: z.string().min(1).max(100) }),
        body: assistantProposalUpdate,
        response: { 200: assistantMessage, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      settleProposal(
        app.db,
        currentUser(request).id,
        request.params.conversationId,
        request.params.messageId,
        request.body,
      ),
  );
}
