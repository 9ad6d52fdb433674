// What discovery (explore, "Novedades") reads of tickets, as SQL the caller composes: sales of the last hours per
// event, and places freed by cancellations on a type that had sold out.
import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/connect.ts';

// Tickets issued since `since` for the outer query's `events.id` (a transfer's new ticket is not a sale): a
// correlated count read through tickets_event_created_idx for each event returned, instead of counting every
// recent sale of every event first.
export function recentSalesOfEvent(since: string) {
  return sql<number | string>`(select count(*) from tickets rs
    where rs.event_id = events.id and rs.created_at >= ${since} and rs.transferred_from is null)`;
}

export type ReleasedType = {
  ticket_type_id: string;
  ticket_type: string;
  event_id: string;
  released: number | string;
  at: string | Date;
};

// Visible ticket types of upcoming published events with places free now that cancellations since `since`
// freed: the type would be sold out without them (capacity - sold <= cancelled), so those places are news; among
// the events a person cares about (`relevant`: subqueries of event ids and club ids, built by "Novedades").
export async function releasedByCancellation(
  db: Db,
  since: string,
  now: string,
  limit: number,
  relevant: { eventIds: Expression<unknown>; clubIds: Expression<unknown> },
): Promise<ReleasedType[]> {
  const { rows } = await sql<ReleasedType>`
    select tt.id as ticket_type_id, tt.name as ticket_type, tt.event_id as event_id,
      count(*) as released, max(h.created_at) as at
    from ticket_history h
    join tickets t on t.id = h.ticket_id
    join ticket_types tt on tt.id = t.ticket_type_id
    join events e on e.id = tt.event_id
    where h.action = 'cancelled' and h.created_at >= ${since}
      and e.status = 'published' and e.end_at > ${now} and tt.hidden = ${false}
      and (e.id in (${relevant.eventIds}) or e.club_id in (${relevant.clubIds}))
    group by tt.id, tt.name, tt.event_id, tt.capacity, tt.sold
    having tt.capacity - tt.sold > 0 and tt.capacity - tt.sold <= count(*)
    order by max(h.created_at) desc, tt.id
    limit ${sql.lit(Math.trunc(limit))}`.execute(db);
  return rows;
}

// The events a person holds (or held) a ticket for or waits for a place at, and the clubs they had tickets at:
// what "Novedades" counts as theirs, with the clubs they went to and the DJs they follow.
export function eventsOfPerson(db: Db, userId: string) {
  return db
    .selectFrom('tickets')
    .select('tickets.event_id')
    .where('tickets.user_id', '=', userId)
    .union(
      db
        .selectFrom('ticket_waitlist')
        .select('ticket_waitlist.event_id')
        .where('ticket_waitlist.user_id', '=', userId),
    );
}

export function clubsOfTicketHolder(db: Db, userId: string) {
  return db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .select('events.club_id')
    .where('tickets.user_id', '=', userId);
}
