// Which clubs have something on tonight (Madrid's night, 06:00 to 06:00), for the explore map's markers:
// 'live' when an event is under way now, 'tonight' when one starts later tonight.
import { sql } from 'kysely';
import { rangeFor } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';

export async function tonightByClub(
  db: Db,
  clubIds: string[],
  now: Date,
): Promise<Map<string, 'live' | 'tonight'>> {
  if (clubIds.length === 0) return new Map();
  const nowIso = now.toISOString();
  const nightEnds = rangeFor('hoy', now).to.toISOString();
  const rows = await db
    .selectFrom('events')
    .select([
      'events.club_id',
      sql<number | string>`max(case when events.start_at <= ${nowIso} then 1 else 0 end)`.as('live'),
    ])
    .where('events.status', '=', 'published')
    .where('events.club_id', 'in', clubIds)
    .where('events.start_at', '<', nightEnds)
    .where('events.end_at', '>', nowIso)
    .groupBy('events.club_id')
    .execute();
  return new Map(rows.map((r) => [r.club_id, Number(r.live) === 1 ? 'live' : 'tonight']));
}
