import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// Private messages and reports.
// - A conversation is one row per pair of people: `pair_key` ("<smaller id>:<larger id>") is unique, so two
//   tabs opening the same conversation at once end up with one row.
// - Messages are numbered per conversation (`seq` 1, 2, 3...). A send bumps `conversations.last_seq` with an
//   UPDATE ... RETURNING, which also serialises sends and reads of one conversation; (conversation_id, seq)
//   is unique and is the index the newest-first pages read.
// - conversation_members holds each person's read marker, unread count and the last message they were
//   notified about (one notification per unread streak, not one per message).
// - A report keeps `open_key` while open (NULL once handled): one open report per reporter and target.
export const messages: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);

    await db.schema
      .createTable('conversations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('pair_key', 'text', (c) => c.notNull().unique())
      .addColumn('user_low_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_high_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_message_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('conversation_members')
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('notified_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('conversation_members_user_idx')
      .on('conversation_members')
      .columns(['user_id'])
      .execute();

    await db.schema
      .createTable('messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('messages_conversation_seq_unique', ['conversation_id', 'seq'])
      // NULL client ids never collide, on either engine.
      .addUniqueConstraint('messages_sender_client_unique', ['sender_id', 'client_id'])
      .execute();

    await db.schema
      .createTable('reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'user' | 'message'
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('reported_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The message is copied: the report stands even if the conversation goes away.
      .addColumn('message_id', 'text')
      .addColumn('message_body', 'text')
      .addColumn('message_created_at', ts)
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      // 'open' | 'resolved' | 'dismissed'
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('open_key', 'text', (c) => c.unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('resolved_at', ts)
      .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('resolution_note', 'text')
      .execute();
    // The queue reads one status oldest first.
    await db.schema
      .createIndex('reports_status_order_idx')
      .on('reports')
      .columns(['status', 'created_at', 'id'])
      .execute();
  },
};
