// SQL of guest lists: a promoter's lists with how full they are, and the guard that gives out their places.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { toIso } from '../../../db/schema.ts';
import { num } from '../repository.ts';

type Q = Kysely<Database>;

export async function listsOf(db: Q, promoterId: string, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('guest_lists as l')
    .innerJoin('ticket_types as tt', 'tt.id', 'l.ticket_type_id')
    .select([
      'l.id',
      'l.event_id',
      'l.name',
      'l.ticket_type_id',
      'tt.name as type_name',
      'l.capacity',
      'l.filled',
      'l.closes_at',
      'l.signup_token',
      (eb) =>
        eb
          .selectFrom('tickets as t')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('t.guest_list_id', '=', 'l.id')
          .where('t.status', '=', 'used')
          .as('checked_in'),
    ])
    .where('l.promoter_id', '=', promoterId)
    .where('l.event_id', 'in', eventIds)
    .orderBy('l.created_at')
    .execute();
}

// THE cupo and closing-time guard: a place is taken only while the list has one and is still open. Two people
// asking for the last place both run it; the database lets one of them change the row.
export async function takeListPlace(db: Q, listId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('guest_lists')
    .set((eb) => ({ filled: eb('filled', '+', 1) }))
    .where('id', '=', listId)
    .where((eb) => eb('filled', '<', eb.ref('capacity')))
    .where('closes_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function toGuestList(l: Awaited<ReturnType<typeof listsOf>>[number]) {
  return {
    id: l.id,
    eventId: l.event_id,
    name: l.name,
    ticketTypeId: l.ticket_type_id,
    typeName: l.type_name,
    capacity: num(l.capacity),
    filled: num(l.filled),
    checkedIn: num(l.checked_in),
    closesAt: toIso(l.closes_at),
    signupToken: l.signup_token,
  };
}
