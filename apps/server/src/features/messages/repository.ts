// Conversation, member and message rows. Every function takes the Kysely instance or an open transaction.
import { sql, type Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

// Blocks work both ways: a conversation between people where either blocked the other is hidden from both.
const notBlocked = sql<boolean>`not exists (
  select 1 from user_blocks b
  where (b.blocker_id = c.user_low_id and b.blocked_id = c.user_high_id)
     or (b.blocker_id = c.user_high_id and b.blocked_id = c.user_low_id)
)`;

export async function findByPair(db: Q, pairKey: string) {
  return db.selectFrom('conversations').selectAll().where('pair_key', '=', pairKey).executeTakeFirst();
}

// Inserts the conversation and both members unless the pair already has one; the unique pair_key decides.
export async function insertConversation(
  db: Q,
  row: { id: string; pairKey: string; low: string; high: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('conversations')
    .values({
      id: row.id,
      pair_key: row.pairKey,
      user_low_id: row.low,
      user_high_id: row.high,
      last_message_at: null,
      created_at: row.at,
    })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .insertInto('conversation_members')
    .values([
      { conversation_id: row.id, user_id: row.low },
      { conversation_id: row.id, user_id: row.high },
    ])
    .execute();
  return true;
}

// Conversations as one member sees them: theirs and the other person's read marker side by side.
function asMember(db: Q, userId: string) {
  return db
    .selectFrom('conversations as c')
    .innerJoin('conversation_members as me', (j) =>
      j.onRef('me.conversation_id', '=', 'c.id').on('me.user_id', '=', userId),
    )
    .innerJoin('conversation_members as other', (j) =>
      j.onRef('other.conversation_id', '=', 'c.id').on('other.user_id', '<>', userId),
    )
    .select([
      'c.id',
      'c.user_low_id',
      'c.user_high_id',
      'c.last_seq',
      'c.last_message_at',
      'c.created_at',
      'me.last_read_seq as my_last_read_seq',
      'me.unread_count as my_unread_count',
      'other.user_id as other_id',
      'other.last_read_seq as other_last_read_seq',
    ]);
}

// The conversation as one member sees it, or undefined when they are not a member or a block stands.
export async function findForMember(db: Q, conversationId: string, userId: string) {
  return asMember(db, userId).where('c.id', '=', conversationId).where(notBlocked).executeTakeFirst();
}
export type MemberView = NonNullable<Awaited<ReturnType<typeof findForMember>>>;

// The member's conversations with at least one message, most recent first; `before` is the last row's
// (last_message_at, id) of the previous page.
export async function listForMember(
  db: Q,
  userId: string,
  options: { before?: [string, string]; limit: number },
) {
  let q = asMember(db, userId)
    .where('c.last_message_at', 'is not', null)
    .where(notBlocked)
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(options.limit + 1);
  if (options.before) {
    const [at, id] = options.before;
    q = q.where((eb) =>
      eb.or([
        eb('c.last_message_at', '<', at),
        eb.and([eb('c.last_message_at', '=', at), eb('c.id', '<', id)]),
      ]),
    );
  }
  return q.execute();
}

export async function lastMessages(
  db: Q,
  keys: { conversationId: string; seq: number }[],
): Promise<Map<string, MessagesTable>> {
  const result = new Map<string, MessagesTable>();
  const wanted = keys.filter((k) => k.seq > 0);
  if (wanted.length === 0) return result;
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where((eb) =>
      eb.or(wanted.map((k) => eb.and([eb('conversation_id', '=', k.conversationId), eb('seq', '=', k.seq)]))),
    )
    .execute();
  for (const row of rows) result.set(row.conversation_id, row);
  return result;
}

// Newest first by seq, from the unique (conversation_id, seq) index.
export async function listMessages(
  db: Q,
  conversationId: string,
  options: { beforeSeq?: number; limit: number },
) {
  let q = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('seq', 'desc')
    .limit(options.limit + 1);
  if (options.beforeSeq !== undefined) q = q.where('seq', '<', options.beforeSeq);
  return q.execute();
}

export async function findMessage(db: Q, id: string) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByClientId(db: Q, senderId: string, clientId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

// Takes the next seq. On PostgreSQL the row lock makes every other send or read of this conversation wait for
// this transaction; on SQLite the write lock does the same.
export async function takeNextSeq(db: Q, conversationId: string, at: string): Promise<number> {
  const row = await db
    .updateTable('conversations')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_message_at: at }))
    .where('id', '=', conversationId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

// Reads lock the conversation row too, so a read and a send of one conversation never interleave.
export async function lockConversation(db: Q, conversationId: string): Promise<number> {
  const row = await db
    .updateTable('conversations')
    .set((eb) => ({ last_seq: eb.ref('last_seq') }))
    .where('id', '=', conversationId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function insertMessage(db: Q, row: MessagesTable): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

export async function addUnread(db: Q, conversationId: string, userId: string): Promise<number> {
  const row = await db
    .updateTable('conversation_members')
    .set((eb) => ({ unread_count: eb('unread_count', '+', 1) }))
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .returning('unread_count')
    .executeTakeFirstOrThrow();
  return Number(row.unread_count);
}

// Moves the read marker forward (never back) and recounts what is still unread after it.
export async function markReadUpTo(
  db: Q,
  conversationId: string,
  userId: string,
  seq: number,
): Promise<{ lastReadSeq: number; unreadCount: number; moved: boolean }> {
  const member = await db
    .selectFrom('conversation_members')
    .select(['last_read_seq'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const lastReadSeq = Math.max(Number(member.last_read_seq), seq);
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', lastReadSeq)
    .where('sender_id', '<>', userId)
    .executeTakeFirstOrThrow();
  const unreadCount = Number(count);
  await db
    .updateTable('conversation_members')
    .set({ last_read_seq: lastReadSeq, unread_count: unreadCount })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
  return { lastReadSeq, unreadCount, moved: lastReadSeq > Number(member.last_read_seq) };
}

// The member has read everything up to `seq`, the conversation's last message.
export async function readAllUpTo(db: Q, conversationId: string, userId: string, seq: number): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ last_read_seq: seq, unread_count: 0 })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

// One notification per unread streak: claims the right to notify about `seq` only when the member has read
// everything they were last notified about. The conditional UPDATE settles two sends racing for it.
export async function claimNotification(
  db: Q,
  conversationId: string,
  userId: string,
  seq: number,
): Promise<boolean> {
  const result = await db
    .updateTable('conversation_members')
    .set({ notified_seq: seq })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where((eb) => eb('notified_seq', '<=', eb.ref('last_read_seq')))
    .where('last_read_seq', '<', seq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function totalUnread(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_members as me')
    .innerJoin('conversations as c', 'c.id', 'me.conversation_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('me.unread_count'), eb.lit(0)).as('total'))
    .where('me.user_id', '=', userId)
    .where('me.unread_count', '>', 0)
    .where(notBlocked)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// Names and avatars for the messages screens: the profile photo when there is one, the account image otherwise.
export async function peers(db: Q, userIds: string[]) {
  const result = new Map<string, { id: string; name: string; avatarUrl: string | null }>();
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.image', 'p.avatar_url'])
    .where('u.id', 'in', [...new Set(userIds)])
    .execute();
  for (const row of rows)
    result.set(row.id, { id: row.id, name: row.name, avatarUrl: row.avatar_url ?? row.image ?? null });
  return result;
}

export async function hasBlocked(db: Q, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function userExists(db: Q, userId: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  );
}

// Who only takes messages from connections, among these people (no profile row means the default: everyone).
export async function connectionsOnly(db: Q, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_profiles')
    .select('user_id')
    .where('user_id', 'in', [...new Set(userIds)])
    // A private profile hides "Enviar mensaje" from people who are not connected, so it takes connections only too.
    .where((eb) => eb.or([eb('message_policy', '=', 'connections'), eb('is_private', '=', true)]))
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

// Whether `userId` has written in this conversation: someone who wrote to you has let you answer.
export async function hasWritten(db: Q, conversationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isMember(db: Q, conversationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
