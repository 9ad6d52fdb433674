import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Notifications, presence and event reminders. A reminder row is keyed by its ticket: whichever
// server inserts it first owns sending it, so several schedulers on one database send each reminder once.
export const notificationsPresence: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('refs', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    // The list reads one user's rows newest first; the badge counts one user's unread rows.
    await db.schema
      .createIndex('notifications_user_order_idx')
      .on('notifications')
      .columns(['user_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('notifications_user_unread_idx')
      .on('notifications')
      .columns(['user_id', 'is_read'])
      .execute();

    await db.schema
      .createTable('presence')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_seen_at', ts)
      .addColumn('last_heartbeat_at', ts)
      .addColumn('show_online', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('device', 'text')
      .execute();
    await db.schema
      .createIndex('presence_online_heartbeat_idx')
      .on('presence')
      .columns(['online', 'last_heartbeat_at'])
      .execute();

    await db.schema
      .createTable('event_reminders')
      .addColumn('ticket_id', 'text', (c) => c.primaryKey().references('tickets.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text', (c) => c.notNull())
      .addColumn('claimed_at', ts, (c) => c.notNull())
      .addColumn('notification_id', 'text')
      .execute();
  },
};
