// The guarded write of an exit or a re-entry: tickets.outside flips by a conditional UPDATE, so one
// person is never let back in twice (no double entry) and never goes out twice; each movement is a row of
// door_movements, from which the aforo counts who is inside now. Runs inside the caller's transaction.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/schema.ts';
import * as clock from '../../clock.ts';

type Q = Kysely<Database>;

export type Movement = {
  kind: 'exit' | 'reentry';
  ticketId: string;
  eventId: string;
  actorId: string;
  door: string;
  clientId: string | null;
  at: string;
  offline: boolean;
};

// THE GUARD: an exit only passes a used ticket inside, a re-entry only one outside; the row count decides.
export async function recordMovement(trx: Q, m: Movement): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({ outside: m.kind === 'exit', updated_at: m.at })
    .where('id', '=', m.ticketId)
    .where('status', '=', 'used')
    .where('outside', '=', m.kind !== 'exit')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('door_movements')
    .values({
      id: uuidv7(),
      ticket_id: m.ticketId,
      event_id: m.eventId,
      staff_user_id: m.actorId,
      door: m.door,
      kind: m.kind,
      client_id: m.clientId,
      offline: m.offline,
      at: m.at,
      synced_at: clock.now().toISOString(),
    })
    .execute();
  return true;
}
