import type { Migration } from 'kysely';
import { timestampType, type MigrationDb } from './column-types.ts';

// The assistant.
// - assistant_conversations: one person's chats with the assistant, newest first by updated_at.
// - assistant_messages: the turns of a chat. `parts` is JSON of what the page shows beside the text (cards, a
//   reservation proposal, a note) and `context` JSON of what the built-in engine needs for follow-ups (the
//   last search and its results); neither is ever read by anyone but the conversation's owner.
// - assistant_quota: messages sent per person per 10-minute window; the conditional upsert that counts a
//   message is what enforces the limit, so two sends at once cannot both take the last place.
export const assistant: Migration = {
  async up(db: MigrationDb) {
    const ts = timestampType(db);
    await db.schema
      .createTable('assistant_conversations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_conversations_user_idx')
      .on('assistant_conversations')
      .columns(['user_id', 'updated_at'])
      .execute();

    await db.schema
      .createTable('assistant_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) =>
        c.notNull().references('assistant_conversations.id').onDelete('cascade'),
      )
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('parts', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('context', 'text')
      .addColumn('engine', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('assistant_messages_conversation_idx')
      .on('assistant_messages')
      .columns(['conversation_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('assistant_quota')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('assistant_quota_pk', ['user_id', 'window_start'])
      .execute();
  },
};
