// Registers the reminders' loop on every server (sendDueReminders, every minute and once at start) and the gauge of
// reminders waiting to be sent.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { periodicJob } from '../../jobs/periodic.ts';
import * as clock from '../../clock.ts';
import * as repo from './repository.ts';
import { REMINDER_LEAD_MS, REMINDER_TICK_MS, sendDueReminders } from './scheduler.ts';

export const reminderScheduler = fp(
  async (app: FastifyInstance) => {
    const serverId = uuidv7();
    app.metrics.gauge('nocturna_queue_depth', 'Work waiting in a queue', ['queue'], async () => {
      const now = clock.nowMs();
      const due = await repo.countDue(
        app.db,
        new Date(now).toISOString(),
        new Date(now + REMINDER_LEAD_MS).toISOString(),
      );
      return [{ labels: { queue: 'event-reminders' }, value: due }];
    });
    // Runs at start too, to catch up on reminders that fell due while no server was running.
    periodicJob(app, {
      name: 'event-reminders',
      everyMs: REMINDER_TICK_MS,
      runAtStart: true,
      run: async (log) => {
        const sent = await sendDueReminders(app.db, app.realtime, serverId);
        if (sent > 0) log.info({ sent }, 'event reminders sent');
      },
    });
  },
  { name: 'nocturna-reminders', dependencies: ['nocturna-realtime', 'nocturna-metrics'] },
);
