// "Tus amigos van": which of a person's connections hold a ticket for upcoming events, gated exactly as a
// profile shows "events they go to" to a connection (service.ts viewProfile): the friend's "show my events"
// switch must be on (a private profile still shows them to connections); never across a block.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { PLANNED_PER_CALL } from '../../db/pg-prepared.ts';
import { GOING_TICKET_STATUSES } from './repository.ts';

export type FriendGoing = { event_id: string; user_id: string; at: string | Date };

export async function connectionsGoing(
  db: Db,
  viewerId: string,
  options: { now: string; eventIds?: string[]; since?: string; limit?: number },
): Promise<FriendGoing[]> {
  if (options.eventIds && options.eventIds.length === 0) return [];
  const going = sql.join(GOING_TICKET_STATUSES.map((s) => sql.lit(s)));
  const onlySince: RawBuilder<unknown> = options.since ? sql`and t.created_at >= ${options.since}` : sql``;
  const atMost: RawBuilder<unknown> = options.limit
    ? sql`limit ${sql.lit(Math.trunc(options.limit))}`
    : sql``;
  // A page of events (explore): only their tickets, read by event and matched against the friends.
  const onlyEvents: RawBuilder<unknown> = options.eventIds
    ? sql`and t.event_id in (${sql.join(options.eventIds)})`
    : sql``;
  // Each direction of a pair is its own indexed read (UNION ALL), as in connections' suggestions. The gate depends
  // on the friend only, so it is applied once per friend (not once per ticket) before their tickets are read.
  // Planned for its values on every call: the generic plan of a prepared statement scans every recent ticket.
  const { rows } = await sql<FriendGoing>`${sql.raw(PLANNED_PER_CALL)}
    with mine as (
      select addressee_id as friend_id from connections where requester_id = ${viewerId} and status = 'accepted'
      union all
      select requester_id from connections where addressee_id = ${viewerId} and status = 'accepted'
    ),
    shown as (
      select mine.friend_id from mine
      left join user_profiles p on p.user_id = mine.friend_id
      where coalesce(p.show_events, ${true}) = ${true}
        and not exists (select 1 from user_blocks b
          where (b.blocker_id = ${viewerId} and b.blocked_id = mine.friend_id)
             or (b.blocker_id = mine.friend_id and b.blocked_id = ${viewerId}))
    )
    select t.event_id as event_id, t.user_id as user_id, min(t.created_at) as at
    from shown
    join tickets t on t.user_id = shown.friend_id and t.status in (${going}) ${onlySince} ${onlyEvents}
    join events e on e.id = t.event_id and e.status = 'published' and e.end_at > ${options.now}
    group by t.event_id, t.user_id
    order by min(t.created_at) desc, t.user_id
    ${atMost}`.execute(db);
  return rows;
}

// The same gate as a subquery of user ids, for other features to filter their own rows by (the wall's snapshots
// in "Novedades"): the viewer's accepted connections whose "show my events" switch is on, never across a block.
export function connectionsSharingEvents(db: Db, viewerId: string) {
  const mine = db
    .selectFrom('connections')
    .select('addressee_id as friend_id')
    .where('requester_id', '=', viewerId)
    .where('status', '=', 'accepted')
    .unionAll(
      db
        .selectFrom('connections')
        .select('requester_id as friend_id')
        .where('addressee_id', '=', viewerId)
        .where('status', '=', 'accepted'),
    );
  return db
    .selectFrom(mine.as('mine'))
    .leftJoin('user_profiles as p', 'p.user_id', 'mine.friend_id')
    .select('mine.friend_id')
    .where(sql<boolean>`coalesce(p.show_events, ${true}) = ${true}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_blocks as b')
            .select('b.blocker_id')
            .where((eb) =>
              eb.or([
                eb.and([
                  eb('b.blocker_id', '=', viewerId),
                  eb('b.blocked_id', '=', eb.ref('mine.friend_id')),
                ]),
                eb.and([
                  eb('b.blocked_id', '=', viewerId),
                  eb('b.blocker_id', '=', eb.ref('mine.friend_id')),
                ]),
              ]),
            ),
        ),
      ),
    );
}
