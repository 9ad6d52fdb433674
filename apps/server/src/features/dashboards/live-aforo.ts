// The CEO's live aforo: per club, the people inside now across every event its doors are open for (entries
// − exits + re-entries, counted by the database), against the club's capacity, with 90 % and 100 % alerts.
import { sql } from 'kysely';
import { AFORO_WARNING_SHARE, DOORS_OPEN_BEFORE_START_MS, type LiveAforo } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import * as clock from '../../clock.ts';

export async function liveAforo(db: Db, clubIds: string[] | null, now = clock.now()): Promise<LiveAforo> {
  const nowIso = now.toISOString();
  const opensBy = new Date(now.getTime() + DOORS_OPEN_BEFORE_START_MS).toISOString();
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .select([
      'c.id as club_id',
      'c.name as club_name',
      'c.capacity',
      'e.id',
      'e.name',
      sql<number>`(select count(*) from check_ins ci where ci.event_id = e.id and ci.outcome <> 'refused')
        - (select coalesce(sum(case when m.kind = 'exit' then 1 else -1 end), 0) from door_movements m
           where m.event_id = e.id)`.as('inside'),
    ])
    .where('e.status', '=', 'published')
    .where('e.end_at', '>', nowIso)
    .where('e.start_at', '<', opensBy)
    .$if(clubIds !== null, (q) => q.where('e.club_id', 'in', clubIds!.length ? clubIds! : ['']))
    .orderBy('c.name')
    .orderBy('e.start_at')
    .execute();
  const clubs = new Map<string, LiveAforo['clubs'][number]>();
  for (const row of rows) {
    const club = clubs.get(row.club_id) ?? {
      clubId: row.club_id,
      clubName: row.club_name,
      capacity: Number(row.capacity),
      inside: 0,
      level: 'ok' as const,
      events: [],
    };
    const inside = Number(row.inside);
    club.inside += inside;
    club.events.push({ id: row.id, name: row.name, inside });
    clubs.set(row.club_id, club);
  }
  for (const club of clubs.values()) {
    const share = club.capacity > 0 ? club.inside / club.capacity : 0;
    club.level = share >= 1 ? 'full' : share >= AFORO_WARNING_SHARE ? 'warning' : 'ok';
  }
  return { clubs: [...clubs.values()], at: nowIso };
}
