import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Running a club: clubs and events edited by their people, with an audit trail.
//
// clubs.archived_at       set instead of deleting a club that has events: it leaves the lists, its pages stay.
// events.wall_moderation  'pre' (snapshots wait for approval) or 'post' (shown at once, removable).
// events.allow_over_capacity  the CEO said explicitly that the ticket types may add up to more than the aforo.
// events.updated_at / cancelled_at  when it last changed, and when it was cancelled.
// event_lineup.dj_user_id the DJ's account where they have one.
// ticket_types.sales_paused  sales stopped by the club for now; the type stays on the page as "Pausada".
// audit_log               who changed what, with the values before and after (JSON), newest first per club.
export const clubManagement: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema.alterTable('clubs').addColumn('archived_at', ts).execute();
    await db.schema
      .alterTable('events')
      .addColumn('wall_moderation', 'text', (c) => c.notNull().defaultTo('post'))
      .execute();
    await db.schema
      .alterTable('events')
      .addColumn('allow_over_capacity', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema.alterTable('events').addColumn('updated_at', ts).execute();
    await db.schema.alterTable('events').addColumn('cancelled_at', ts).execute();
    await db.schema.alterTable('event_lineup').addColumn('dj_user_id', 'text').execute();
    await db.schema
      .alterTable('ticket_types')
      .addColumn('sales_paused', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();

    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('club_id', 'text')
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_time_idx').on('audit_log').columns(['created_at', 'id']).execute();
    await db.schema
      .createIndex('audit_log_club_idx')
      .on('audit_log')
      .columns(['club_id', 'created_at', 'id'])
      .execute();

    // Analytics read tickets of one event by type and by sale time.
    await db.schema
      .createIndex('tickets_event_created_idx')
      .on('tickets')
      .columns(['event_id', 'created_at'])
      .execute();
  },
};
