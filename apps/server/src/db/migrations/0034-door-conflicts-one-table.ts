import { sql, type Migration } from 'kysely';
import type { MigrationDb } from './column-types.ts';

// One table for everything an offline door's sync flags: the second entry of a ticket ('double_entry') and the
// entry of a ticket no longer valid ('invalid_ticket'), kept in check_in_conflicts since 0010, move into
// door_conflicts (0025), which already holds the flags of exits, re-entries, refusals and banned entries, so
// the list, the review and the replay of a sync read and write one table.
//
// A moved row is what the door did: an entry ('entry'), at the door, by the staff and at the instant of the
// check-in it points at (which carries the door's client_id, so the conflict does not). check_in_conflicts'
// unique check_in_id becomes a unique index of door_conflicts: an entry raises one flag at most (a second entry
// or an invalid one, or else a banned holder let in), and the replay of a sync finds that flag by its entry.
// The rows without a check-in (movements, refusals) stay out of the index.
export const doorConflictsOneTable: Migration = {
  async up(db: MigrationDb) {
    await sql`
      insert into door_conflicts
        (id, event_id, ticket_id, kind, reason, action, movement_id, check_in_id, staff_user_id, door,
          client_id, at, created_at, reviewed_at, reviewed_by)
      select c.id, c.event_id, c.ticket_id, c.kind, c.reason, 'entry', null, c.check_in_id, ci.staff_user_id,
        ci.door, null, ci.scanned_at, c.created_at, c.reviewed_at, c.reviewed_by
      from check_in_conflicts c
      inner join check_ins ci on ci.id = c.check_in_id
    `.execute(db);
    await db.schema
      .createIndex('door_conflicts_check_in_uq')
      .on('door_conflicts')
      .column('check_in_id')
      .unique()
      .where(sql.ref('check_in_id'), 'is not', null)
      .execute();
    await db.schema.dropIndex('check_in_conflicts_event_idx').execute();
    await db.schema.dropTable('check_in_conflicts').execute();
  },
};
