// Notification rows. Every function takes the Kysely instance or an open transaction.
import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';
import { reusableQuery, reusableWrite } from '../../db/compiled-query.ts';

type Q = Kysely<Database>;

// Every sale, check-in and message raises one: compiled once (db/compiled-query.ts).
const newNotification = reusableWrite((db: Q, row: NotificationsTable) =>
  db.insertInto('notifications').values(row),
);

export async function insertNotification(db: Q, row: NotificationsTable): Promise<void> {
  await newNotification(db, row);
}

// Newest first by (created_at, id); `before` is the last row of the previous page.
export async function listForUser(
  db: Q,
  userId: string,
  options: { before?: [string, string]; limit: number },
) {
  let q = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1);
  if (options.before) {
    const [at, id] = options.before;
    q = q.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
    );
  }
  return q.execute();
}

const unread = reusableQuery((db: Q, v: { userId: string }) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', v.userId)
    .where('is_read', '=', false),
);

export async function countUnread(db: Q, userId: string): Promise<number> {
  const [row] = await unread(db, { userId });
  return Number(row?.count ?? 0);
}

// The user id in every write makes another user's notification look like one that does not exist.
export async function markRead(db: Q, userId: string, id: string): Promise<boolean> {
  const found = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return true;
}

export async function markAllRead(db: Q, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteOne(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
