import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// The offline door's exits, re-entries and refusals.
//
// door_conflicts  what a sync of those (and of an entry by a banned person) flags for the club's staff, next to
//                 check_in_conflicts (which keep pointing at the second entry of a ticket). A conflict points
//                 at the row it is about when there is one: the movement (exit/re-entry) or the check-in;
//                 a refusal that could not apply has none, so (staff_user_id, client_id) is unique and a sync
//                 replayed after a lost answer finds the same conflict instead of raising a second.
export const doorOfflineConflicts: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('door_conflicts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
      // 'banned_entry' | 'double_reentry' | 'not_inside' | 'reentry_closed' | 'refused_but_entered'
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      // 'entry' | 'exit' | 'reentry' | 'refusal': what the door did.
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('movement_id', 'text', (c) => c.references('door_movements.id').onDelete('cascade'))
      .addColumn('check_in_id', 'text', (c) => c.references('check_ins.id').onDelete('cascade'))
      .addColumn('staff_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('door', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('at', ts, (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('reviewed_at', ts)
      .addColumn('reviewed_by', 'text')
      .addUniqueConstraint('door_conflicts_staff_client_uq', ['staff_user_id', 'client_id'])
      .execute();
    await db.schema
      .createIndex('door_conflicts_event_idx')
      .on('door_conflicts')
      .columns(['event_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('door_conflicts_ticket_idx')
      .on('door_conflicts')
      .columns(['ticket_id', 'kind'])
      .execute();
  },
};
