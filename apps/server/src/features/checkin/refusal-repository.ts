// SQL of refusals at the door: the guarded "refuse" of a ticket, the refusal row, the club's refund policy.
import type { Kysely } from 'kysely';
import type { Database, DoorRefusalsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

// THE GUARD of "a ticket is refused once, and never after it let someone in": only a valid ticket, or one used
// by the very entry the door names (the scan it is answering, by the same person, with no exit since), becomes
// 'refused'. Two doors refusing at once, or a refusal racing a scan, are settled by the row count.
export async function markRefused(
  db: Q,
  v: { ticketId: string; staffUserId: string; entryId: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set({ status: 'refused', outside: false, updated_at: v.at })
    .where('id', '=', v.ticketId)
    .where((eb) => {
      const valid = eb('status', '=', 'valid');
      if (!v.entryId) return valid;
      return eb.or([
        valid,
        eb.and([
          eb('status', '=', 'used'),
          eb.exists(
            eb
              .selectFrom('check_ins')
              .select('check_ins.id')
              .where('check_ins.id', '=', v.entryId)
              .whereRef('check_ins.ticket_id', '=', 'tickets.id')
              .where('check_ins.outcome', '=', 'admitted')
              .where('check_ins.staff_user_id', '=', v.staffUserId),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('door_movements')
                .select('door_movements.id')
                .whereRef('door_movements.ticket_id', '=', 'tickets.id'),
            ),
          ),
        ]),
      ]);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The entry a refusal undid no longer counts in the aforo.
export async function undoEntry(db: Q, entryId: string, ticketId: string): Promise<void> {
  await db
    .updateTable('check_ins')
    .set({ outcome: 'refused' })
    .where('id', '=', entryId)
    .where('ticket_id', '=', ticketId)
    .where('outcome', '=', 'admitted')
    .execute();
}

export async function refundPolicyOf(db: Q, ticketId: string) {
  return db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select(['clubs.refund_on_refusal', 'tickets.payment_status'])
    .where('tickets.id', '=', ticketId)
    .executeTakeFirstOrThrow();
}

export async function insertRefusal(db: Q, row: DoorRefusalsTable): Promise<void> {
  await db.insertInto('door_refusals').values(row).execute();
}

export async function refusalByClient(db: Q, staffUserId: string, clientId: string) {
  return db
    .selectFrom('door_refusals')
    .selectAll()
    .where('staff_user_id', '=', staffUserId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function refusalOfTicket(db: Q, ticketId: string) {
  return db.selectFrom('door_refusals').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
}
