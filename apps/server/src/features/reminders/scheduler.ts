// Event reminders: ticket holders hear from us 3 h before the doors open. Each server runs this loop; the claim
// and the notification commit in one transaction, so a reminder is sent exactly once however many servers race,
// and one whose server died before committing is still due at the next tick of any server.
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { eventReminder } from '../notifications/index.ts';
import { createNotification, publishNotification } from '../notifications/index.ts';
import type { Notification } from '@nocturna/shared';
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
