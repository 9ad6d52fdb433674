// One search for everything: the query is understood once (shared understandQuery: date words,
// genres, barrios, stop words) and each group (events, clubs, DJs, people) asks its own feature, all on the databases' text indexes.
import {
  rangeFor,
  understandQuery,
  weekdayNight,
  type SearchQuery,
  type SearchResults,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import type { TextSearch } from '../../db/text-search.ts';
import { searchClubs } from '../clubs/index.ts';
import { searchDjs, searchEvents } from '../events/index.ts';
import { searchPeopleRanked } from '../profiles/index.ts';
import * as clock from '../../clock.ts';

export async function searchEverything(
  db: Db,
  ts: TextSearch,
  viewerId: string | null,
  query: SearchQuery,
  now: Date = clock.now(),
): Promise<SearchResults> {
  const understood = understandQuery(query.q);
  const { terms, genre, barrio } = understood;
  const range = understood.when
    ? rangeFor(understood.when, now)
    : understood.weekday
      ? weekdayNight(understood.weekday, now)
      : null;
  const limit = query.limit;
  // Names holding the words first, in every group; only when no group has one, the names a typo away
  // ("kapitl" → Kápital). A query that names something is not padded with near misses elsewhere.
  const lookFor = async (typos: boolean) => {
    const events = await searchEvents(db, ts, { terms, range, genre, barrio, limit, typos }, now);
    const clubs = await searchClubs(db, ts, { terms, genre, barrio, limit, typos }, now);
    const djs = await searchDjs(db, ts, { terms, limit, typos }, now);
    const people = await searchPeopleRanked(db, ts, viewerId, { words: understood.words, limit, typos });
    return { events, clubs, djs, people };
  };
  let found = await lookFor(false);
  if (Object.values(found).every((group) => group.items.length === 0)) found = await lookFor(true);
  const { events, clubs, djs, people } = found;
  return { q: query.q, understood, events, clubs, djs, people };
}
