// The assistant over HTTP: conversations (list, read, rename, delete), sending a message (the reply streams
// back as NDJSON, one AssistantStreamEvent per line) and settling a reservation proposal. The routes are grouped by
// resource and registered in this order, the order of the API document.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { builtinEngine } from './builtin-engine.ts';
import { conversationRoutes, proposalRoutes } from './conversation-routes.ts';
import type { AssistantEngine } from './engine.ts';
import { assistantMessageRoutes } from './message-routes.ts';

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

  conversationRoutes(app);
  proposalRoutes(app);
  assistantMessageRoutes(app, engine);
};
