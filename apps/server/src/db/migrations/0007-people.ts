import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// People: profile details and privacy, connections and blocks.
// A connection is one row per pair of people whoever asked first: `pair_key` ("<smaller id>:<larger id>") is
// unique, so two requests crossing at the same instant leave one row, and the database settles the race.
export const people: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    await db.schema
      .createTable('user_profiles')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('bio', 'text')
      // JSON array of genre slugs.
      .addColumn('favourite_genres', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('instagram', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('is_private', 'boolean', (c) => c.notNull().defaultTo(false))
      // 'everyone' | 'connections'
      .addColumn('message_policy', 'text', (c) => c.notNull().defaultTo('everyone'))
      .addColumn('show_events', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('connections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('pair_key', 'text', (c) => c.notNull().unique())
      .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('addressee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'pending' | 'accepted'
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('accepted_at', ts)
      .execute();
    await db.schema
      .createIndex('connections_requester_idx')
      .on('connections')
      .columns(['requester_id', 'status'])
      .execute();
    await db.schema
      .createIndex('connections_addressee_idx')
      .on('connections')
      .columns(['addressee_id', 'status'])
      .execute();

    await db.schema
      .createTable('user_blocks')
      .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
      .execute();
    await db.schema
      .createIndex('user_blocks_blocked_idx')
      .on('user_blocks')
      .columns(['blocked_id'])
      .execute();
  },
};
