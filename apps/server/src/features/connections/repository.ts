// SQL for connections and blocks. Every function takes the Kysely instance or an open transaction.
// A pair has at most one connections row (unique pair_key), so each change below is one conditional statement
// whose row count tells whether this caller made it.
import { sql, type Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/schema.ts';
import { friendsOf, pairKey } from '../relations/index.ts';

type Q = Kysely<Database>;

// Inserts a pending request unless the pair already has a row; true when this call created it.
export async function insertRequest(
  db: Q,
  requesterId: string,
  addresseeId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('connections')
    .values({
      id: uuidv7(),
      pair_key: pairKey(requesterId, addresseeId),
      requester_id: requesterId,
      addressee_id: addresseeId,
      status: 'pending',
      created_at: at,
      accepted_at: null,
    })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

// The addressee accepts a pending request from `requesterId`; true when this call accepted it.
export async function acceptRequest(
  db: Q,
  addresseeId: string,
  requesterId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('connections')
    .set({ status: 'accepted', accepted_at: at })
    .where('pair_key', '=', pairKey(addresseeId, requesterId))
    .where('addressee_id', '=', addresseeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Deletes the pair's row if it matches: a request I received (decline), one I sent (cancel), or an accepted one (remove).
export async function deletePending(db: Q, requesterId: string, addresseeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('connections')
    .where('pair_key', '=', pairKey(requesterId, addresseeId))
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteAccepted(db: Q, a: string, b: string): Promise<boolean> {
  const result = await db
    .deleteFrom('connections')
    .where('pair_key', '=', pairKey(a, b))
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteAnyBetween(db: Q, a: string, b: string): Promise<boolean> {
  const result = await db.deleteFrom('connections').where('pair_key', '=', pairKey(a, b)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertBlock(db: Q, blockerId: string, blockedId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteBlock(db: Q, blockerId: string, blockedId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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

export async function listBlocked(db: Q, blockerId: string) {
  return db
    .selectFrom('user_blocks')
    .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.username',
      'users.display_username',
      'users.image',
      'user_profiles.avatar_url',
      'user_blocks.created_at',
    ])
    .where('user_blocks.blocker_id', '=', blockerId)
    .orderBy('user_blocks.created_at', 'desc')
    .limit(500)
    .execute();
}

// A row whose two people have a block between them does not count, whatever raced it in.
const noBlockBetween = sql<boolean>`not exists (select 1 from user_blocks b where (b.blocker_id = connections.requester_id and b.blocked_id = connections.addressee_id) or (b.blocker_id = connections.addressee_id and b.blocked_id = connections.requester_id))`;

// The other side of each of my rows in a list, with the time that orders it.
export type ListKind = 'connections' | 'received' | 'sent';

export async function listPairs(
  db: Q,
  userId: string,
  kind: ListKind,
  options: { before?: [string, string]; limit: number },
) {
  let q = db
    .selectFrom('connections')
    .select(['id', 'requester_id', 'addressee_id', 'status', 'created_at', 'accepted_at'])
    .where(noBlockBetween);
  if (kind === 'received') q = q.where('addressee_id', '=', userId).where('status', '=', 'pending');
  else if (kind === 'sent') q = q.where('requester_id', '=', userId).where('status', '=', 'pending');
  else
    q = q
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]));
  // Newest first by the time that matters to the list: accepted for connections, sent for requests.
  const at = kind === 'connections' ? 'accepted_at' : 'created_at';
  if (options.before) {
    const [t, id] = options.before;
    q = q.where((eb) => eb.or([eb(at, '<', t), eb.and([eb(at, '=', t), eb('id', '<', id)])]));
  }
  return q
    .orderBy(at, 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
}

export async function countPairs(db: Q, userId: string) {
  const row = await db
    .selectFrom('connections')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('status', '=', 'accepted').then(1).else(0).end()).as('connections'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'pending'), eb('addressee_id', '=', userId)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('received'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'pending'), eb('requester_id', '=', userId)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('sent'),
    ])
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
    .where(noBlockBetween)
    .executeTakeFirstOrThrow();
  return {
    connections: Number(row.connections ?? 0),
    received: Number(row.received ?? 0),
    sent: Number(row.sent ?? 0),
  };
}

// How many accepted connections `viewerId` shares with each of `others`.
export async function mutualCounts(db: Q, viewerId: string, others: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (others.length === 0) return counts;
  const rows = await db
    .selectFrom('connections as c')
    .innerJoin(friendsOf(db, viewerId).as('mine'), (join) =>
      join.on((eb) =>
        eb.or([
          eb('c.requester_id', '=', eb.ref('mine.friend_id')),
          eb('c.addressee_id', '=', eb.ref('mine.friend_id')),
        ]),
      ),
    )
    .select([
      sql<string>`case when c.requester_id = mine.friend_id then c.addressee_id else c.requester_id end`.as(
        'other_id',
      ),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('c.status', '=', 'accepted')
    .where((eb) => eb.or([eb('c.requester_id', 'in', others), eb('c.addressee_id', 'in', others)]))
    .groupBy(sql`case when c.requester_id = mine.friend_id then c.addressee_id else c.requester_id end`)
    .execute();
  const wanted = new Set(others);
  for (const row of rows) if (wanted.has(row.other_id)) counts.set(row.other_id, Number(row.n));
  return counts;
}
