// The assistant over HTTP: conversations (list, read, rename, delete), sending a message (the reply streams
// back as NDJSON, one AssistantStreamEvent per line) and settling a reservation proposal.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assistantConversation,
  assistantConversationDetail,
  assistantConversationList,
  assistantMessage,
  assistantProposalUpdate,
  assistantRenameBody,
  assistantSendBody,
  type AssistantStreamEvent,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import { builtinEngine } from './builtin-engine.ts';
import type { AssistantEngine } from './engine.ts';
import {
  conversationDetail,
  conversationOf,
  deleteConversation,
  listConversations,
  prepareMessage,
  renameConversation,
  runReply,
  settleProposal,
  takeQuota,
} from './service.ts';

const tags = ['asistente'];
const conversationParams = z.object({ conversationId: z.string().min(1).max(100) });

export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { baseUrl, apiKey, model, timeoutMs } = app.config.ai;
  // The AI SDK is loaded only when a model is configured: the embedded default starts without it.
  const engine: AssistantEngine = baseUrl
    ? (await import('./model-engine.ts')).createModelEngine({
        baseUrl,
        apiKey,
        model,
        timeoutMs,
        warn: (error) =>
          app.log.warn({ err: error }, 'assistant model failed; the built-in assistant answers'),
      })
    : builtinEngine;

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

  app.post(
    '/api/assistant/messages',
    {
      preValidation: requireUser,
      // Each line must reach the browser as it is written: no compression buffering.
      compress: false,
      schema: {
        tags,
        summary:
          'Preguntar al asistente: la respuesta llega en streaming (NDJSON: start, text, cards, proposal, note, done)',
        body: assistantSendBody,
        response: { ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await takeQuota(app.db, user.id).catch((error: unknown) => {
        const seconds = (error as { details?: { retryAfterSeconds?: number } }).details?.retryAfterSeconds;
        if (seconds) reply.header('retry-after', String(seconds));
        throw error;
      });
      const prepared = await prepareMessage(app.db, user.id, request.body);
      const controller = new AbortController();
      // The stop button closes the request: the reply stops where it is and what was said is kept.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-request-id': String(request.id),
      });
      const emit = (event: AssistantStreamEvent) => {
        if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(`${JSON.stringify(event)}\n`);
      };
      try {
        const message = await runReply(app.db, user, prepared, request.body.text, {
          engine,
          signal: controller.signal,
          emit,
        });
        emit({
          type: 'done',
          message,
          conversation: await conversationOf(app.db, user.id, prepared.conversation.id),
        });
      } catch (error) {
        request.log.error({ err: error }, 'assistant reply failed');
        emit({
          type: 'error',
          error: { code: 'ASSISTANT_FAILED', message: 'No he podido responder. Inténtalo de nuevo.' },
        });
      } finally {
        reply.raw.end();
      }
    },
  );
};
