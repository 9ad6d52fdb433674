// Marks users offline once no heartbeat arrived for 90 s. Every server may run it: the UPDATE ... RETURNING
// gives each change to one of them.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sweepStalePresence } from './service.ts';

export const PRESENCE_SWEEP_MS = 15_000;

export const presenceSweeper = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        sweepStalePresence(app.db, app.realtime).catch((err: unknown) =>
          app.log.warn({ err }, 'presence sweep failed'),
        );
      }, PRESENCE_SWEEP_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'nocturna-presence-sweeper', dependencies: ['nocturna-realtime'] },
);
