// The assistant's rows: conversations, their turns and the message quota. Every read is scoped to the owner.
import { sql, type Kysely } from 'kysely';
import type { AssistantMessagesTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function listConversations(db: Q, userId: string, limit: number) {
  return db
    .selectFrom('assistant_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Another person's conversation reads exactly like one that does not exist.
export async function findConversation(db: Q, userId: string, id: string) {
  return db
    .selectFrom('assistant_conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertConversation(
  db: Q,
  row: { id: string; userId: string; title: string; at: string },
) {
  await db
    .insertInto('assistant_conversations')
    .values({ id: row.id, user_id: row.userId, title: row.title, created_at: row.at, updated_at: row.at })
    .execute();
}

export async function renameConversation(db: Q, userId: string, id: string, title: string, at: string) {
  const result = await db
    .updateTable('assistant_conversations')
    .set({ title, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function touchConversation(db: Q, id: string, at: string) {
  await db.updateTable('assistant_conversations').set({ updated_at: at }).where('id', '=', id).execute();
}

export async function deleteConversation(db: Q, userId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('assistant_conversations')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!owned) return false;
    await trx.deleteFrom('assistant_messages').where('conversation_id', '=', id).execute();
    await trx.deleteFrom('assistant_conversations').where('id', '=', id).execute();
    return true;
  });
}

export async function messagesOf(db: Q, conversationId: string) {
  return db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insertMessage(db: Q, row: AssistantMessagesTable) {
  await db.insertInto('assistant_messages').values(row).execute();
}

export async function findMessage(db: Q, conversationId: string, messageId: string) {
  return db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
}

// Only a proposal still waiting changes: a second confirmation (or a late dismissal) finds nothing to update.
export async function updateParts(db: Q, messageId: string, before: string, after: string) {
  const result = await db
    .updateTable('assistant_messages')
    .set({ parts: after })
    .where('id', '=', messageId)
    .where('parts', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Counts one message against the person's window, unless the window is full: the database decides, so
// concurrent sends never take more places than there are. Returns false when the limit is reached.
export async function takeQuota(db: Q, userId: string, windowStart: number, max: number): Promise<boolean> {
  const row = await db
    .insertInto('assistant_quota')
    .values({ user_id: userId, window_start: windowStart, used: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'window_start'])
        .doUpdateSet({ used: sql<number>`assistant_quota.used + 1` })
        .where('assistant_quota.used', '<', max),
    )
    .returning('used')
    .executeTakeFirst();
  return row !== undefined;
}

export async function dropOldQuota(db: Q, userId: string, before: number) {
  await db
    .deleteFrom('assistant_quota')
    .where('user_id', '=', userId)
    .where('window_start', '<', before)
    .execute();
}
