// Per-user limits on sending messages and on starting conversations. Over the limit: 429 with Retry-After.
// messages/routes.ts registers @fastify/rate-limit in its own scope, its counts in Redis when REDIS_URL is set (so
// the limit holds across servers) and in memory otherwise, and hands its createRateLimit to messageLimits.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONVERSATION_START_LIMIT, MESSAGE_SEND_LIMIT } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';
import { currentUser } from '../../auth/guards.ts';

export type UserLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

// The part of @fastify/rate-limit's createRateLimit these checks use: one count per key, and its verdict.
type RateCheck = (
  request: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;
export type CreateRateLimit = (options: {
  max: number;
  timeWindow: number;
  keyGenerator: (request: FastifyRequest) => string;
}) => RateCheck;

// One check per limit, each counted per person.
export function messageLimits(createRateLimit: CreateRateLimit): { send: UserLimit; start: UserLimit } {
  const limit = (
    name: string,
    rule: { max: number; windowSeconds: number },
    message: (seconds: number) => string,
  ): UserLimit => {
    const check = createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (req) => `${name}:${currentUser(req).id}`,
    });
    return async (request, reply) => {
      const result = await check(request);
      // isAllowed only means "on the allow list"; isExceeded is the verdict.
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError(429, 'RATE_LIMITED', message(seconds), { details: { retryAfterSeconds: seconds } });
    };
  };

  return {
    send: limit(
      'send',
      MESSAGE_SEND_LIMIT,
      (s) => `Estás enviando mensajes muy rápido. Espera ${s} segundos y vuelve a intentarlo.`,
    ),
    start: limit(
      'start',
      CONVERSATION_START_LIMIT,
      (s) => `Has empezado muchas conversaciones seguidas. Espera ${s} segundos.`,
    ),
  };
}
