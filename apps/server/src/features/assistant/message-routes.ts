// Sending the assistant a message: the reply streams back as NDJSON, one AssistantStreamEvent per line, until it is
// done, fails or the person stops it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assistantSendBody, type AssistantStreamEvent } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import type { AssistantEngine } from './engine.ts';
import { tags } from './route-schemas.ts';
import { conversationOf, prepareMessage, runReply, takeQuota } from './service.ts';

export function assistantMessageRoutes(base: FastifyInstance, engine: AssistantEngine): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
}
