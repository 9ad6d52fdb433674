// Notification rows. Every function takes the Kysely instance or an open transaction.
import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function insertNotification(db: Q, row: NotificationsTable): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

// Newest first by (created_at, id); `before` is the last row of the previous page.
export async function listForUser(db: Q, userId: string, options: { before?: [string, string]; limit: number }) {
  let q = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.before) {
    const [at, id] = options.before;
    q = q.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  return q.execute();
}

export async function countUnread(db: Q, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(count);
}

// The user id in every write makes another user's notification look like one that does not exist.
export async function markRead(db: Q, userId: string, id: string): Promise<boolean> {
  const found = await db.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!found) return false;
  await db.updateTable('notifications').set({ is_read: true }).where('id', '=', id).where('user_id', '=', userId).execute();
  return true;
}

export async function markAllRead(db: Q, userId: string): Promise<number> {
  const result = await db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId).where('is_read', '=', false).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteOne(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
