// Private messages API. Everything needs a session; a conversation someone is not part of answers
// 404 on every call, exactly like one that does not exist. The routes are grouped by resource and registered in this
// order, the order of the API document: conversations, then their messages.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { rateLimitStore } from '../../http/rate-limit-store.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { conversationMessageRoutes } from './message-routes.ts';
import { messageLimits } from './rate-limit.ts';
import { messageSocketEvents } from './socket-events.ts';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.realtime.onClientEvents(messageSocketEvents({ db: app.db, bus: app.realtime }));

  // Registered in this scope only; the checks in rate-limit.ts count per person.
  await app.register(rateLimit, { global: false, ...rateLimitStore(app, 'messages') });
  const limits = messageLimits((options) => app.createRateLimit(options));

  conversationRoutes(app, limits);
  conversationMessageRoutes(app, limits);
};
