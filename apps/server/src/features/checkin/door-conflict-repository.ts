// SQL of what an offline door's sync flags for the club's staff: the door_conflicts rows (a ticket two doors let
// in, one let in when no longer valid, a banned person let in, exits, re-entries and refusals that do not fit),
// and the walk over a ticket's movements that decides which of them fit (out, in, out, in...) and whether the
// person is outside now.
import type { Kysely } from 'kysely';
import type { Database, DoorConflictsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

// Only when there is something to flag: an entry that fits writes no row here.
export async function insertConflict(db: Q, row: DoorConflictsTable): Promise<void> {
  await db.insertInto('door_conflicts').values(row).execute();
}

// A flag that is the one record of what the door did (a refusal that could not apply, an exit or re-entry of a
// ticket that never got in), found again when the door replays its sync.
export async function conflictByClient(db: Q, staffUserId: string, clientId: string) {
  return db
    .selectFrom('door_conflicts')
    .select(['id', 'event_id', 'kind', 'reason'])
    .where('staff_user_id', '=', staffUserId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function movementByClient(db: Q, staffUserId: string, clientId: string) {
  return db
    .selectFrom('door_movements')
    .leftJoin('door_conflicts', 'door_conflicts.movement_id', 'door_movements.id')
    .select([
      'door_movements.id',
      'door_movements.event_id',
      'door_conflicts.id as conflict_id',
      'door_conflicts.reason',
    ])
    .where('door_movements.staff_user_id', '=', staffUserId)
    .where('door_movements.client_id', '=', clientId)
    .executeTakeFirst();
}

// The ticket's exits and re-entries in the order they happened (not the order doors synced them): each one
// fits when it alternates with the one before (an exit of someone inside, a re-entry of someone outside).
// tickets.outside follows the last one, so the online guard (movement-writes.ts) sees what the doors saw.
export async function walkMovements(
  db: Q,
  ticketId: string,
  at: string,
): Promise<{ fitting: Set<string>; misfits: MovementRow[]; outside: boolean }> {
  const rows = await db
    .selectFrom('door_movements')
    .select(['id', 'kind', 'door', 'staff_user_id', 'at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const fitting = new Set<string>();
  const misfits: MovementRow[] = [];
  let inside = true;
  for (const row of rows) {
    if ((row.kind === 'exit') === inside) fitting.add(row.id);
    else misfits.push(row);
    inside = row.kind !== 'exit';
  }
  await db
    .updateTable('tickets')
    .set({ outside: !inside, updated_at: at })
    .where('id', '=', ticketId)
    .where('status', '=', 'used')
    .execute();
  return { fitting, misfits, outside: !inside };
}

export type MovementRow = {
  id: string;
  kind: 'exit' | 'reentry';
  door: string;
  staff_user_id: string | null;
  at: unknown;
};

// Movements that stopped fitting because an earlier one (by time) synced after them, and have no flag yet.
export async function unflagged(db: Q, movementIds: string[]): Promise<Set<string>> {
  if (movementIds.length === 0) return new Set();
  const flagged = await db
    .selectFrom('door_conflicts')
    .select('movement_id')
    .where('movement_id', 'in', movementIds)
    .execute();
  const known = new Set(flagged.map((r) => r.movement_id));
  return new Set(movementIds.filter((id) => !known.has(id)));
}

// A movement flagged because another door's movement had not synced yet fits once it has: its flag closes
// by itself (reviewed_by stays null: nobody had to look at it).
export async function closeFittingMovementConflicts(
  db: Q,
  ticketId: string,
  fitting: Set<string>,
  at: string,
): Promise<void> {
  if (fitting.size === 0) return;
  await db
    .updateTable('door_conflicts')
    .set({ reviewed_at: at })
    .where('ticket_id', '=', ticketId)
    .where('kind', 'in', ['double_reentry', 'not_inside'])
    .where('movement_id', 'in', [...fitting])
    .where('reviewed_at', 'is', null)
    .execute();
}

// The event's flags, newest first (at most 500), with what the list shows of the ticket and of the door staff;
// `ids` narrows them to those (a sync's fresh ones), `openOnly` to those nobody has reviewed yet.
export async function conflictsOf(
  db: Q,
  eventId: string,
  options: { ids?: string[]; openOnly?: boolean } = {},
) {
  let q = db
    .selectFrom('door_conflicts')
    .innerJoin('tickets', 'tickets.id', 'door_conflicts.ticket_id')
    .leftJoin('users', 'users.id', 'tickets.user_id')
    .leftJoin('users as staff', 'staff.id', 'door_conflicts.staff_user_id')
    .select([
      'door_conflicts.id',
      'door_conflicts.event_id',
      'door_conflicts.ticket_id',
      'door_conflicts.kind',
      'door_conflicts.reason',
      'door_conflicts.action',
      'door_conflicts.door',
      'door_conflicts.at',
      'door_conflicts.created_at',
      'door_conflicts.reviewed_at',
      'tickets.holder_name',
      'tickets.type',
      'users.name as user_name',
      'staff.name as staff_name',
    ])
    .where('door_conflicts.event_id', '=', eventId);
  if (options.ids) {
    if (options.ids.length === 0) return [];
    q = q.where('door_conflicts.id', 'in', options.ids);
  }
  if (options.openOnly) q = q.where('door_conflicts.reviewed_at', 'is', null);
  return q
    .orderBy('door_conflicts.created_at', 'desc')
    .orderBy('door_conflicts.id', 'desc')
    .limit(500)
    .execute();
}

// False when the event has no such flag open (unknown, another event's, or reviewed already).
export async function markConflictReviewed(
  db: Q,
  eventId: string,
  conflictId: string,
  by: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('door_conflicts')
    .set({ reviewed_at: at, reviewed_by: by })
    .where('id', '=', conflictId)
    .where('event_id', '=', eventId)
    .where('reviewed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
