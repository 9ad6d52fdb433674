// Marks users offline once no heartbeat arrived for 90 s. Every server may run it: the UPDATE ... RETURNING
// gives each change to one of them.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { periodicJob } from '../../jobs/periodic.ts';
import { sweepStalePresence } from './service.ts';

export const PRESENCE_SWEEP_MS = 15_000;

export const presenceSweeper = fp(
  async (app: FastifyInstance) => {
    periodicJob(app, {
      name: 'presence-sweep',
      everyMs: PRESENCE_SWEEP_MS,
      run: async () => void (await sweepStalePresence(app.db, app.realtime)),
    });
  },
  { name: 'nocturna-presence-sweeper', dependencies: ['nocturna-realtime'] },
);
