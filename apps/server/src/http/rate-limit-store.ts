// Where a feature's @fastify/rate-limit counts live: in Redis when REDIS_URL is set, so every server behind the
// load balancer adds to the same count, in this server's memory otherwise. Register it in the feature's scope:
//   await app.register(rateLimit, { global: false, ...rateLimitStore(app, 'contact') });
// With Redis away the limit lets requests through (skipOnError, said in the logs) rather than refuse everyone.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

export function rateLimitStore(
  app: FastifyInstance,
  name: string,
): { redis?: Redis; nameSpace: string; skipOnError: boolean } {
  const nameSpace = `nocturna-${name}-rl:`;
  if (!app.config.redisUrl) return { nameSpace, skipOnError: true };
  const redis = new Redis(app.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 2 });
  // Without a listener ioredis prints every failed reconnect as an unhandled error while Redis is away.
  redis.on('error', (err: Error) =>
    app.log.debug({ err: err.message }, `${name} rate-limit redis unavailable`),
  );
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return { redis, nameSpace, skipOnError: true };
}
