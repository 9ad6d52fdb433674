// What "Novedades" shows of DJs: the DJs a person follows who confirmed a slot (answerSlot in service.ts, the
// moment their followers get the dj_booked notification) in an upcoming published event's line-up, recently.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

export type FollowedDjBooking = {
  event_id: string;
  dj_user_id: string;
  dj_name: string;
  dj_slug: string;
  at: string | Date;
};

export async function followedDjBookings(
  db: Db,
  viewerId: string,
  options: { now: string; since: string; limit: number },
): Promise<FollowedDjBooking[]> {
  return (
    db
      .selectFrom('dj_follows as f')
      .innerJoin('dj_bookings as b', 'b.dj_user_id', 'f.dj_user_id')
      .innerJoin('events as e', 'e.id', 'b.event_id')
      // Confirming makes the DJ's row (ensureProfile), so a booked DJ always has a name and a slug.
      .innerJoin('dj_profiles as d', 'd.user_id', 'b.dj_user_id')
      .select([
        'b.event_id',
        'b.dj_user_id',
        'd.name as dj_name',
        'd.slug as dj_slug',
        'b.responded_at as at',
      ])
      .where('f.follower_id', '=', viewerId)
      .where('b.status', '=', 'confirmed')
      .where('b.responded_at', '>=', options.since)
      .where('e.status', '=', 'published')
      .where('e.end_at', '>', options.now)
      // Still on the line-up: a club that took the DJ off the night leaves no booking to tell about.
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('event_lineup as l')
            .select('l.event_id')
            .whereRef('l.event_id', '=', 'b.event_id')
            .whereRef('l.dj_user_id', '=', 'b.dj_user_id'),
        ),
      )
      .orderBy('b.responded_at', 'desc')
      .orderBy('b.event_id')
      .limit(sql.lit(Math.trunc(options.limit)))
      .execute()
  );
}

// The events whose line-up has a DJ the person follows, for "Novedades" (price drops, places freed).
export function eventsWithFollowedDjs(db: Db, viewerId: string) {
  return db
    .selectFrom('event_lineup as l')
    .innerJoin('dj_follows as f', 'f.dj_user_id', 'l.dj_user_id')
    .select('l.event_id')
    .where('f.follower_id', '=', viewerId);
}
