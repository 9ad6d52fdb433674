// How two people stand to each other: the questions every people feature asks (profiles, search, messages,
// presence, ticket transfer). Blocks work both ways: if either blocked the other, neither sees the other.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Reader = Kysely<Database>;

// One row per pair, whoever asked first.
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export async function areConnected(db: Reader, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('connections')
    .select('status')
    .where('pair_key', '=', pairKey(a, b))
    .executeTakeFirst();
  return row?.status === 'accepted';
}

export async function isBlockedEitherWay(db: Reader, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

// Everyone this person blocked or was blocked by: left out of what they see, and of what reaches them live.
export async function blockedEitherWayIds(db: Reader, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  return [...new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)))];
}
