// Events for the one search box: what is still ahead, matched by name on the database's text index,
// narrowed by what the query understood (a night, a genre, a barrio). Exact names first, then the
// best-selling, then the soonest; or, asked for typos, the ones a typo away.
import { sql } from 'kysely';
import type { EventSummary, Range } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { GROUP_SAMPLE, nameMatch, unindexed, type TextSearch } from '../../db/text-search.ts';
import { selectEventSummaries } from './repository.ts';
import { toEventSummary } from './service.ts';
import * as clock from '../../clock.ts';

export type EventSearch = {
  terms: string[];
  range: Range | null;
  genre: string | null;
  barrio: string | null;
  limit: number;
  // Names a typo away instead of names holding the words (the search service asks when nothing held them).
  typos?: boolean;
};

const ticketsSold = sql`(select coalesce(sum(tt.sold), 0) from ticket_types tt where tt.event_id = events.id)`;

export async function searchEvents(
  db: Db,
  ts: TextSearch,
  s: EventSearch,
  now: Date = clock.now(),
): Promise<{ items: EventSummary[]; more: boolean }> {
  if (!s.terms.length && !s.range && !s.genre && !s.barrio) return { items: [], more: false };
  const base = () => {
    let q = selectEventSummaries(db, now.toISOString(), true).where(
      unindexed(db, 'events.end_at'),
      '>',
      now.toISOString(),
    );
    if (s.range) {
      q = q
        .where('events.start_at', '>=', s.range.from.toISOString())
        .where('events.start_at', '<', s.range.to.toISOString());
    }
    if (s.barrio) q = q.where('clubs.barrio', '=', s.barrio);
    if (s.genre) {
      const genre = s.genre;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('event_genres')
            .select('event_genres.event_id')
            .whereRef('event_genres.event_id', '=', 'events.id')
            .where('event_genres.genre', '=', genre),
        ),
      );
    }
    return q;
  };
  const match = nameMatch(ts, 'events', s.terms, { typos: s.typos, sample: GROUP_SAMPLE });
  if (!match) return { items: [], more: false };
  let matched = base().where(match.where);
  // A few letters typed ("mar") match thousands of events, and ordering them by sales sums every one's ticket
  // types. On PostgreSQL only the GROUP_SAMPLE best names, soonest first, are ordered by sales, as SQLite's text
  // index already hands over only a sample (text-search.ts); a query that also names a night, a genre or a
  // barrio is narrow enough to order whole. Inside the subquery `events` is its own table, not the outer one.
  if (ts.kind === 'postgres' && !s.typos && !s.range && !s.genre && !s.barrio)
    matched = matched.where('events.id', 'in', (eb) =>
      eb
        .selectFrom('events')
        .select('events.id')
        .where('events.status', '=', 'published')
        .where('events.end_at', '>', now.toISOString())
        .where(match.where)
        .orderBy(match.first)
        .orderBy('events.start_at')
        .orderBy('events.id')
        .limit(GROUP_SAMPLE),
    );
  const rows = await matched
    .orderBy(match.first)
    .orderBy(sql`${ticketsSold} desc`)
    .orderBy('events.start_at')
    .orderBy('events.id')
    .limit(s.limit + 1)
    .execute();
  return { items: rows.slice(0, s.limit).map(toEventSummary), more: rows.length > s.limit };
}
