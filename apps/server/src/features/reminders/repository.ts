// Reminder claims. A ticket's reminder row is inserted once: the database, not the servers, decides who sends it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

// Tickets still valid for a published event starting within the window and not yet reminded.
export async function dueTickets(db: Q, from: string, until: string, limit: number) {
  return (
    db
      .selectFrom('tickets')
      .innerJoin('events', 'events.id', 'tickets.event_id')
      .leftJoin('event_reminders', 'event_reminders.ticket_id', 'tickets.id')
      .select([
        'tickets.id as ticketId',
        'tickets.user_id as userId',
        'events.id as eventId',
        'events.name as eventName',
        'events.start_at as startAt',
      ])
      .where('event_reminders.ticket_id', 'is', null)
      // Only tickets that still open the door: not used, cancelled or passed on (the recipient's new one is valid).
      .where('tickets.status', '=', 'valid')
      .where('events.status', '=', 'published')
      .where('events.start_at', '>', from)
      .where('events.start_at', '<=', until)
      .orderBy('events.start_at')
      .limit(limit)
      .execute()
  );
}

// True when this call inserted the row, i.e. this server owns sending the reminder.
export async function claim(
  db: Q,
  row: { ticketId: string; userId: string; eventId: string; claimedBy: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('event_reminders')
    .values({
      ticket_id: row.ticketId,
      user_id: row.userId,
      event_id: row.eventId,
      claimed_by: row.claimedBy,
      claimed_at: row.at,
      notification_id: null,
    })
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function recordSent(db: Q, ticketId: string, notificationId: string): Promise<void> {
  await db
    .updateTable('event_reminders')
    .set({ notification_id: notificationId })
    .where('ticket_id', '=', ticketId)
    .execute();
}

export async function countReminders(db: Q): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from event_reminders`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

// The reminder queue's depth: reminders due in the window that no server has sent yet.
export async function countDue(db: Q, from: string, until: string): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .leftJoin('event_reminders', 'event_reminders.ticket_id', 'tickets.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('event_reminders.ticket_id', 'is', null)
    .where('tickets.status', '=', 'valid')
    .where('events.status', '=', 'published')
    .where('events.start_at', '>', from)
    .where('events.start_at', '<=', until)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
