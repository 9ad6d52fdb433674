// When a club cancels an event, every ticket still valid for it is cancelled with a history line, inside the
// caller's transaction (the event's status changes in the same one: all or nothing). Returns who held what so
// the caller can tell each person once.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import {
  PAYMENTS_EVENT_CANCELLED_JOB,
  PAYMENTS_REFUND_JOB,
  type EventCancelledJob,
  type RefundJob,
} from './payment.ts';

type Q = Kysely<Database>;

export type CancelledHolding = { userId: string; tickets: number; paid: number };

export async function cancelTicketsOfEvent(
  db: Q,
  eventId: string,
  actorId: string,
  at: string,
): Promise<CancelledHolding[]> {
  // Card orders still being paid for this night: their holds end (and their Checkout Sessions close) once this
  // commits.
  await enqueueJob(db, PAYMENTS_EVENT_CANCELLED_JOB, { eventId } satisfies EventCancelledJob);
  const cancelled = await db
    .updateTable('tickets')
    .set({ status: 'cancelled', cancelled_at: at, updated_at: at })
    .where('event_id', '=', eventId)
    .where('status', '=', 'valid')
    .returning(['id', 'user_id', 'payment_status'])
    .execute();
  if (cancelled.length === 0) return [];
  // Tickets paid by card get their money back through the payments feature's refund job (one per ticket; a
  // transferred one has no order of its own, and the job finds the order that paid for it).
  for (const t of cancelled)
    if (t.payment_status === 'paid')
      await enqueueJob(db, PAYMENTS_REFUND_JOB, {
        ticketId: t.id,
        reason: 'event_cancelled',
      } satisfies RefundJob);
  for (let i = 0; i < cancelled.length; i += 500)
    await db
      .insertInto('ticket_history')
      .values(
        cancelled.slice(i, i + 500).map((t) => ({
          id: uuidv7(),
          ticket_id: t.id,
          event_id: eventId,
          action: 'cancelled',
          actor_id: actorId,
          counterpart_id: null,
          related_ticket_id: null,
          detail: 'event_cancelled',
          created_at: at,
        })),
      )
      .execute();
  // The per-person limits of a cancelled night no longer hold anyone back.
  await db
    .deleteFrom('ticket_holdings')
    .where('ticket_type_id', 'in', (eb) =>
      eb.selectFrom('ticket_types').select('id').where('event_id', '=', eventId),
    )
    .execute();
  const byUser = new Map<string, CancelledHolding>();
  for (const t of cancelled) {
    const h = byUser.get(t.user_id) ?? { userId: t.user_id, tickets: 0, paid: 0 };
    h.tickets += 1;
    if (t.payment_status === 'paid') h.paid += 1;
    byUser.set(t.user_id, h);
  }
  return [...byUser.values()];
}
