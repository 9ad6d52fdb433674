// Clubs for the one search box (issue 19): open clubs matched by name on the database's text index, in a barrio
// or playing a genre when the query named one. Exact names first, then the clubs with most nights ahead; or,
// asked for typos, the ones a typo away ("kapitl" → Kápital).
import { sql } from 'kysely';
import type { ClubSummary } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import {
  FUZZY_MIN_TERM_LENGTH,
  containsAll,
  nameRank,
  similarToAll,
  type TextSearch,
} from '../../db/text-search.ts';
import { toClubSummary } from './service.ts';

export type ClubSearch = {
  terms: string[];
  genre: string | null;
  barrio: string | null;
  limit: number;
  typos?: boolean;
};

export async function searchClubs(
  db: Db,
  ts: TextSearch,
  s: ClubSearch,
  now: Date = new Date(),
): Promise<{ items: ClubSummary[]; more: boolean }> {
  if (!s.terms.length && !s.genre && !s.barrio) return { items: [], more: false };
  const nightsAhead = sql`(select count(*) from events e where e.club_id = clubs.id and e.status = 'published' and e.end_at > ${now.toISOString()})`;
  const base = () => {
    let q = db.selectFrom('clubs').selectAll('clubs').where('clubs.archived_at', 'is', null);
    if (s.barrio) q = q.where('clubs.barrio', '=', s.barrio);
    if (s.genre) {
      const genre = s.genre;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('club_genres')
            .select('club_genres.club_id')
            .whereRef('club_genres.club_id', '=', 'clubs.id')
            .where('club_genres.genre', '=', genre),
        ),
      );
    }
    return q;
  };
  const wanted = s.limit + 1;
  if (s.typos) {
    if (!s.terms.some((t) => t.length >= FUZZY_MIN_TERM_LENGTH)) return { items: [], more: false };
    const similar = similarToAll(ts, 'clubs', s.terms);
    const rows = await base()
      .where(similar.where)
      .orderBy(sql`${similar.score} desc`)
      .orderBy(sql`${nightsAhead} desc`)
      .orderBy('clubs.name')
      .orderBy('clubs.id')
      .limit(wanted)
      .execute();
    return { items: rows.slice(0, s.limit).map(toClubSummary), more: rows.length > s.limit };
  }
  const rows = await base()
    .where(containsAll(ts, 'clubs', s.terms))
    .orderBy(nameRank('clubs', s.terms))
    .orderBy(sql`${nightsAhead} desc`)
    .orderBy('clubs.name')
    .orderBy('clubs.id')
    .limit(wanted)
    .execute();
  return { items: rows.slice(0, s.limit).map(toClubSummary), more: rows.length > s.limit };
}
