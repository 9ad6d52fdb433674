// The Redis adapter carries room broadcasts between servers. Redis may go away: publishes then fail fast and
// are logged (local tabs still get the event, remote ones catch up by re-reading on reconnect), ioredis keeps
// reconnecting, and /api/health reports the state.
import { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';

export type RedisState = { configured: boolean; ok: boolean };

export type RedisLink = {
  adapter: ReturnType<typeof createAdapter>;
  state: () => RedisState;
  close: () => Promise<void>;
};

export function redisLink(url: string, log: FastifyBaseLogger): RedisLink {
  const options = {
    connectTimeout: 2000,
    // Without a queue, a publish while Redis is down rejects at once instead of piling up in memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const pub = new Redis(url, options);
  // The subscriber must queue its SUBSCRIBE until the first connection; ioredis re-subscribes after reconnects.
  const sub = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
  // Monotonic: a log throttle measures a duration, whatever the calendar clock says.
  let lastError = -Infinity;
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    client.on('error', (err: Error) => {
      // ioredis reports every failed reconnect; once every 10 s is enough to see it in the logs.
      if (performance.now() - lastError < 10_000) return;
      lastError = performance.now();
      log.warn(
        { err: err.message, client: name },
        'redis unavailable; realtime stays local until it returns',
      );
    });
    client.on('ready', () => log.info({ client: name }, 'redis connected'));
  }
  // The adapter does not catch its publishes; an unhandled rejection would end the process.
  const publish = pub.publish.bind(pub);
  (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args: unknown[]) =>
    (publish as (...a: unknown[]) => Promise<number>)(...args).catch((err: Error) => {
      log.debug({ err: err.message }, 'redis publish failed');
      return 0;
    });
  return {
    adapter: createAdapter(pub, sub),
    state: () => ({ configured: true, ok: pub.status === 'ready' && sub.status === 'ready' }),
    close: async () => {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
