// Clubs for the one search box: open clubs matched by name on the database's text index, in a barrio
// or playing a genre when the query named one. Exact names first, then the clubs with most nights ahead; or,
// asked for typos, the ones a typo away ("kapitl" → Kápital).
import { sql } from 'kysely';
import type { ClubSummary } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { nameMatch, type TextSearch } from '../../db/text-search.ts';
import { playsGenre } from './repository.ts';
import { toClubSummary } from './service.ts';
import * as clock from '../../clock.ts';

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
  now: Date = clock.now(),
): Promise<{ items: ClubSummary[]; more: boolean }> {
  if (!s.terms.length && !s.genre && !s.barrio) return { items: [], more: false };
  const nightsAhead = sql`(select count(*) from events e where e.club_id = clubs.id and e.status = 'published' and e.end_at > ${now.toISOString()})`;
  const base = () => {
    let q = db.selectFrom('clubs').selectAll('clubs').where('clubs.archived_at', 'is', null);
    if (s.barrio) q = q.where('clubs.barrio', '=', s.barrio);
    if (s.genre) q = q.where(playsGenre(s.genre));
    return q;
  };
  const match = nameMatch(ts, 'clubs', s.terms, { typos: s.typos });
  if (!match) return { items: [], more: false };
  const rows = await base()
    .where(match.where)
    .orderBy(match.first)
    .orderBy(sql`${nightsAhead} desc`)
    .orderBy('clubs.name')
    .orderBy('clubs.id')
    .limit(s.limit + 1)
    .execute();
  return { items: rows.slice(0, s.limit).map(toClubSummary), more: rows.length > s.limit };
}
