// Per-user limits on sending messages and on starting conversations, kept in Redis when REDIS_URL is set (so
// the limit holds across servers) and in memory otherwise. Over the limit: 429 with Retry-After.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { CONVERSATION_START_LIMIT, MESSAGE_SEND_LIMIT } from '@nocturna/shared';
import { AppError } from '../../http/errors.ts';
import { currentUser } from '../../auth/guards.ts';

export type UserLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

// Registers @fastify/rate-limit in the calling (encapsulated) scope and returns one check per limit.
export async function registerMessageLimits(
  app: FastifyInstance,
): Promise<{ send: UserLimit; start: UserLimit }> {
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 2 });
    redis.on('error', (err: Error) =>
      app.log.debug({ err: err.message }, 'message rate-limit redis unavailable'),
    );
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'nocturna-messages-rl:',
    skipOnError: true,
  });

  const limit = (
    name: string,
    rule: { max: number; windowSeconds: number },
    message: (seconds: number) => string,
  ): UserLimit => {
    const check = app.createRateLimit({
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
