import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Discovery.
//
// whats_new_reads         when each person last marked their "Novedades" feed as read: one row per person (the
//                         primary key decides two "marcar todo como leído" at once), items after it are unread.
// ticket_history_action_idx  the feed reads cancellations of the last days across every event.
// events_created_idx      and the events created in the last days.
export const discovery: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('whats_new_reads')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('read_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ticket_history_action_idx')
      .on('ticket_history')
      .columns(['action', 'created_at'])
      .execute();
    await db.schema.createIndex('events_created_idx').on('events').columns(['created_at']).execute();
  },
};
