// People you may know: friends of your connections, and people going to the same upcoming events as you.
// Never yourself, anyone you already have a connection or a request with, or anyone with a block either way.
// Someone is suggested for a shared event only if they show their events and their profile is public, so a
// suggestion never tells you where a person who hides it is going.
import { SUGGESTIONS_LIMIT } from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { GOING_TICKET_STATUSES } from '../profiles/index.ts';

export type Suggestion = { userId: string; mutual: number; sharedEvents: number };

const CANDIDATES = 200;

// `candidate` is an SQL expression naming the other person. The pair's row is found through the unique
// pair_key, trying both orders, so no engine's string ordering has to agree with pairKey's.
function unrelatedTo(me: string, candidate: ReturnType<typeof sql.ref>) {
  return sql`${candidate} <> ${me}
    and not exists (select 1 from connections x
      where x.pair_key in (${me} || ':' || ${candidate}, ${candidate} || ':' || ${me}))
    and not exists (select 1 from user_blocks b
      where (b.blocker_id = ${me} and b.blocked_id = ${candidate}) or (b.blocker_id = ${candidate} and b.blocked_id = ${me}))`;
}

// Each direction of a pair is its own indexed join (UNION ALL), not one join on "requester or addressee",
// which neither engine can read from an index.
export async function friendsOfFriends(db: Db, me: string) {
  const { rows } = await sql<{ user_id: string; n: number | string }>`
    with mine as (
      select addressee_id as friend_id from connections where requester_id = ${me} and status = 'accepted'
      union all
      select requester_id from connections where addressee_id = ${me} and status = 'accepted'
    ), fof as (
      select c.addressee_id as other_id from mine join connections c on c.requester_id = mine.friend_id and c.status = 'accepted'
      union all
      select c.requester_id from mine join connections c on c.addressee_id = mine.friend_id and c.status = 'accepted'
    )
    select fof.other_id as user_id, count(*) as n
    from fof
    where ${unrelatedTo(me, sql.ref('fof.other_id'))}
    group by fof.other_id
    order by count(*) desc, fof.other_id
    limit ${sql.lit(CANDIDATES)}`.execute(db);
  return rows;
}

export async function sameEvents(db: Db, me: string, now: string) {
  const going = sql.join(GOING_TICKET_STATUSES.map((s) => sql.lit(s)));
  const { rows } = await sql<{ user_id: string; n: number | string }>`
    select t2.user_id as user_id, count(distinct t2.event_id) as n
    from tickets t1
    join events e on e.id = t1.event_id and e.status = 'published' and e.end_at > ${now}
    join tickets t2 on t2.event_id = t1.event_id and t2.status in (${going})
    left join user_profiles p on p.user_id = t2.user_id
    where t1.user_id = ${me} and t1.status in (${going})
      and coalesce(p.show_events, ${true}) = ${true} and coalesce(p.is_private, ${false}) = ${false}
      and ${unrelatedTo(me, sql.ref('t2.user_id'))}
    group by t2.user_id
    order by count(distinct t2.event_id) desc, t2.user_id
    limit ${sql.lit(CANDIDATES)}`.execute(db);
  return rows;
}

// A mutual connection weighs a little more than a shared night out; ties go to the id for a stable order.
export async function findSuggestions(db: Db, me: string, now: Date): Promise<Suggestion[]> {
  const [fof, events] = await Promise.all([friendsOfFriends(db, me), sameEvents(db, me, now.toISOString())]);
  const byId = new Map<string, Suggestion>();
  for (const row of fof)
    byId.set(row.user_id, { userId: row.user_id, mutual: Number(row.n), sharedEvents: 0 });
  for (const row of events) {
    const s = byId.get(row.user_id) ?? { userId: row.user_id, mutual: 0, sharedEvents: 0 };
    s.sharedEvents = Number(row.n);
    byId.set(row.user_id, s);
  }
  const score = (s: Suggestion) => s.mutual * 3 + s.sharedEvents * 2;
  return [...byId.values()]
    .sort((a, b) => score(b) - score(a) || (a.userId < b.userId ? -1 : 1))
    .slice(0, SUGGESTIONS_LIMIT);
}
