// One search for everything (issue 19): the query is understood once (shared understandQuery: date words,
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
import { searchPeopleRanked } from '../profiles/service.ts';

export async function searchEverything(
  db: Db,
  ts: TextSearch,
  viewerId: string | null,
  query: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResults> {
  const understood = understandQuery(query.q);
  const { terms, genre, barrio } = understood;
  const range = understood.when
    ? rangeFor(understood.when, now)
    : understood.weekday
      ? weekdayNight(understood.weekday, now)
      : null;
  const limit = query.limit;
  const events = await searchEvents(db, ts, { terms, range, genre, barrio, limit }, now);
  const clubs = await searchClubs(db, ts, { terms, genre, barrio, limit }, now);
  const djs = await searchDjs(db, ts, { terms, limit }, now);
  const people = await searchPeopleRanked(db, ts, viewerId, understood.words, limit);
  return { q: query.q, understood, events, clubs, djs, people };
}
