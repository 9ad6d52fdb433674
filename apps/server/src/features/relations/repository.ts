// SQL for how two people stand to each other: their connections row, counts and mutual connections. Every
// function takes the Kysely instance or an open transaction.
import { sql, type Kysely } from 'kysely';
import type { ConnectionsTable, Database } from '../../db/schema.ts';
import { pairKey } from './relations.ts';

type Q = Kysely<Database>;

export async function findPair(db: Q, a: string, b: string): Promise<ConnectionsTable | undefined> {
  return db.selectFrom('connections').selectAll().where('pair_key', '=', pairKey(a, b)).executeTakeFirst();
}

export async function countAccepted(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom('connections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// The ids of a user's accepted connections as a subquery: "select friend_id" over both directions.
export function friendsOf(db: Q, userId: string) {
  return db
    .selectFrom('connections')
    .select(
      sql<string>`case when requester_id = ${userId} then addressee_id else requester_id end`.as('friend_id'),
    )
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]));
}

// Accepted connections both people have, as user ids (a page of them) and a count.
export async function mutualIds(
  db: Q,
  a: string,
  b: string,
  limit: number,
): Promise<{ count: number; ids: string[] }> {
  const rows = await db
    .selectFrom(friendsOf(db, a).as('fa'))
    .innerJoin(friendsOf(db, b).as('fb'), 'fa.friend_id', 'fb.friend_id')
    .select('fa.friend_id')
    .execute();
  const ids = rows.map((r) => r.friend_id);
  return { count: ids.length, ids: ids.slice(0, limit) };
}

// The viewer's state with each of `others` (pairs with no row are absent from the map).
export async function pairsWith(
  db: Q,
  viewerId: string,
  others: string[],
): Promise<Map<string, ConnectionsTable>> {
  const result = new Map<string, ConnectionsTable>();
  if (others.length === 0) return result;
  const rows = await db
    .selectFrom('connections')
    .selectAll()
    .where(
      'pair_key',
      'in',
      others.map((o) => pairKey(viewerId, o)),
    )
    .execute();
  for (const row of rows)
    result.set(row.requester_id === viewerId ? row.addressee_id : row.requester_id, row);
  return result;
}
