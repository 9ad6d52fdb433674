import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Refusals, exits and re-entry at the door.
//
// clubs.refund_on_refusal  the club's policy: a card-paid ticket refused at the door is refunded (true) or not.
// door_refusals      one row per refused ticket (ticket_id unique: a ticket is refused once). The ticket itself
//                    becomes 'refused' by a conditional UPDATE that only a valid ticket (or one let in by the
//                    very scan the refusal answers) passes. (staff_user_id, client_id) unique: an offline door's
//                    refusal synced twice is recorded once.
// events.reentry_policy / reentry_until  'until' (allowed until reentry_until; null = all night) or 'never'.
// tickets.outside    true while a person let in has gone out (to smoke) and not come back: the conditional
//                    UPDATE of this flag is the guard against a double entry.
// door_movements     every exit and re-entry: aforo = admitted entries − exits + re-entries, counted in SQL.
export const doorRefusalsExits: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .alterTable('clubs')
      .addColumn('refund_on_refusal', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('events')
      .addColumn('reentry_policy', 'text', (c) => c.notNull().defaultTo('until'))
      .execute();
    await db.schema.alterTable('events').addColumn('reentry_until', ts).execute();
    await db.schema
      .alterTable('tickets')
      .addColumn('outside', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();

    await db.schema
      .createTable('door_refusals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ticket_id', 'text', (c) =>
        c.notNull().unique().references('tickets.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('staff_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('door', 'text', (c) => c.notNull())
      // 'dress_code' | 'age' | 'intoxication' | 'capacity' | 'behaviour' | 'other'
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('refunded', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('client_id', 'text')
      .addColumn('offline', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('refused_at', ts, (c) => c.notNull())
      .addColumn('synced_at', ts, (c) => c.notNull())
      .addUniqueConstraint('door_refusals_staff_client_uq', ['staff_user_id', 'client_id'])
      .execute();
    await db.schema
      .createIndex('door_refusals_event_idx')
      .on('door_refusals')
      .columns(['event_id', 'reason'])
      .execute();

    await db.schema
      .createTable('door_movements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('staff_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('door', 'text', (c) => c.notNull())
      // 'exit' | 'reentry'
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('offline', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('at', ts, (c) => c.notNull())
      .addColumn('synced_at', ts, (c) => c.notNull())
      .addUniqueConstraint('door_movements_staff_client_uq', ['staff_user_id', 'client_id'])
      .execute();
    await db.schema
      .createIndex('door_movements_event_idx')
      .on('door_movements')
      .columns(['event_id', 'kind'])
      .execute();
    await db.schema
      .createIndex('door_movements_ticket_idx')
      .on('door_movements')
      .columns(['ticket_id', 'at'])
      .execute();
  },
};
