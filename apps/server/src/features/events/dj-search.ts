// DJs for the one search box: the names on the line-ups of nights still ahead, one result per DJ (the
// folded name), with their account where a line-up links one, how many nights they play and the next one. The
// name that is the query first, then who plays most; or, asked for typos, the names a typo away.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DjResult } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { GROUP_SAMPLE, nameMatch, unindexed, type TextSearch } from '../../db/text-search.ts';
import * as clock from '../../clock.ts';

export async function searchDjs(
  db: Db,
  ts: TextSearch,
  s: { terms: string[]; limit: number; typos?: boolean },
  now: Date = clock.now(),
): Promise<{ items: DjResult[]; more: boolean }> {
  if (s.terms.length === 0) return { items: [], more: false };
  const nowIso = now.toISOString();
  const wanted = s.limit + 1;
  // The line-up rows whose name matches come first, from the text index (materialised), then their nights
  // ahead, grouped per DJ. On SQLite the events' own conditions are kept off its indexes (unary +) so the planner
  // looks up the matched rows' events by id instead of walking every published event.
  const find = (match: Expression<SqlBool>, first: Expression<unknown>) =>
    db
      .with(
        (cte) => cte('matched').materialized(),
        (qb) =>
          qb
            .selectFrom('event_lineup')
            .where(match)
            .select([
              'event_lineup.event_id',
              'event_lineup.search_text',
              'event_lineup.dj_name',
              'event_lineup.dj_user_id',
            ]),
      )
      .selectFrom('matched as event_lineup')
      .innerJoin('events', 'events.id', 'event_lineup.event_id')
      .where(unindexed(db, 'events.status'), '=', 'published')
      .where(unindexed(db, 'events.end_at'), '>', nowIso)
      .select([
        'event_lineup.search_text',
        sql<string>`min(event_lineup.dj_name)`.as('name'),
        sql<string>`min(events.start_at)`.as('next_at'),
        sql<string | null>`max(event_lineup.dj_user_id)`.as('user_id'),
        sql<number | string>`count(distinct events.id)`.as('sets'),
      ])
      .groupBy('event_lineup.search_text')
      .orderBy(first)
      .orderBy(sql`count(distinct events.id) desc`)
      .orderBy('event_lineup.search_text')
      .limit(wanted)
      .execute();
  const match = nameMatch(ts, 'event_lineup', s.terms, { typos: s.typos, sample: GROUP_SAMPLE });
  if (!match) return { items: [], more: false };
  const rows = await find(match.where, match.first);
  if (rows.length === 0) return { items: [], more: false };
  const page = rows.slice(0, s.limit);
  // Each DJ's next night: the events starting at that DJ's first start with the DJ on their line-up.
  const nights = await db
    .selectFrom('events')
    .innerJoin('event_lineup', 'event_lineup.event_id', 'events.id')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'event_lineup.search_text',
      'events.slug',
      'events.name',
      'events.start_at',
      'events.cover_url',
      'clubs.name as club_name',
    ])
    .where(
      'events.start_at',
      'in',
      page.map((r) => r.next_at),
    )
    .where(
      'event_lineup.search_text',
      'in',
      page.map((r) => r.search_text),
    )
    .where('events.status', '=', 'published')
    .orderBy('events.start_at')
    .orderBy('events.id')
    .execute();
  const next = new Map<string, (typeof nights)[number]>();
  const firstStart = new Map(page.map((r) => [r.search_text, toIso(r.next_at)]));
  for (const night of nights)
    if (!next.has(night.search_text) && toIso(night.start_at) === firstStart.get(night.search_text))
      next.set(night.search_text, night);
  return {
    items: page.map((r) => {
      const night = next.get(r.search_text)!;
      return {
        name: r.name,
        userId: r.user_id,
        sets: Number(r.sets),
        next: {
          slug: night.slug,
          name: night.name,
          clubName: night.club_name,
          startAt: toIso(night.start_at),
          coverURL: night.cover_url,
        },
      };
    }),
    more: rows.length > s.limit,
  };
}
