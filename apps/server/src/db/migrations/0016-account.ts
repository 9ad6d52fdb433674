import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// The account: a durable job queue, contact messages, notification preferences, push subscriptions,
// data exports, account deletion with a grace period, and when a session was last used.
//
// jobs                      one row per unit of background work (mail, export, push, deletion). A worker claims a
//                           row with a conditional UPDATE (status and lease checked in the WHERE), so two servers
//                           never run the same job; a crashed worker's lease expires and the job is due again.
// contact_messages          what the /contact form received, worked by admins (status open → handled).
// notification_preferences  per user and kind (messages, tickets, reminders, …): in-app, e-mail, push. No row
//                           means the defaults.
// push_subscriptions        one browser's Web Push endpoint with its keys; the endpoint is unique.
// data_exports              "download my data": built by a job, offered until expires_at.
// users.deletion_*          a deletion asked for (with its due date, 14 days later) and when it was carried out.
// users.locale              the language mails go out in.
// sessions.last_used_at     shown in the settings' session list; written at most every few minutes.
export const account: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('run_at', ts, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', ts)
      .addColumn('last_error', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('handled_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('handled_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('contact_messages_inbox_idx')
      .on('contact_messages')
      .columns(['status', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('in_app', 'boolean', (c) => c.notNull())
      .addColumn('email', 'boolean', (c) => c.notNull())
      .addColumn('push', 'boolean', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
      .execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .on('push_subscriptions')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('data_exports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text')
      .addColumn('size_bytes', 'integer')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('ready_at', ts)
      .addColumn('expires_at', ts)
      .execute();
    await db.schema
      .createIndex('data_exports_user_idx')
      .on('data_exports')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema.alterTable('users').addColumn('deletion_requested_at', ts).execute();
    await db.schema.alterTable('users').addColumn('deletion_due_at', ts).execute();
    await db.schema.alterTable('users').addColumn('deleted_at', ts).execute();
    await db.schema.alterTable('users').addColumn('locale', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('last_used_at', ts).execute();
  },
};
