// Event reminders: ticket holders hear from us 3 h before the doors open. Each server runs this loop; the claim
// and the notification commit in one transaction, so a reminder is sent exactly once however many servers race,
// and one whose server died before committing is still due at the next tick of any server.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { eventReminder } from '../notifications/index.ts';
import { createNotification, publishNotification } from '../notifications/index.ts';
import type { Notification } from '@nocturna/shared';
import { periodicJob } from '../../jobs/periodic.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

export const REMINDER_LEAD_MS = 3 * 60 * 60 * 1000;
export const REMINDER_TICK_MS = 60_000;
const BATCH = 200;

export async function sendDueReminders(
  db: Db,
  bus: RealtimeBus,
  claimedBy: string,
  now = clock.now(),
): Promise<number> {
  const due = await repo.dueTickets(
    db,
    now.toISOString(),
    new Date(now.getTime() + REMINDER_LEAD_MS).toISOString(),
    BATCH,
  );
  let sent = 0;
  for (const ticket of due) {
    const notification = await db.transaction().execute(async (trx): Promise<Notification | null> => {
      const at = clock.now().toISOString();
      if (
        !(await repo.claim(trx, {
          ticketId: ticket.ticketId,
          userId: ticket.userId,
          eventId: ticket.eventId,
          claimedBy,
          at,
        }))
      )
        return null;
      const created = await createNotification(
        trx,
        eventReminder({
          userId: ticket.userId,
          ticketId: ticket.ticketId,
          eventId: ticket.eventId,
          eventName: ticket.eventName,
          startAt: new Date(toIso(ticket.startAt)),
        }),
      );
      await repo.recordSent(trx, ticket.ticketId, created.id);
      return created;
    });
    if (!notification) continue;
    sent += 1;
    await publishNotification(db, bus, notification);
  }
  return sent;
}

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
