// SQL for clubs. Every function takes the Kysely instance (or a transaction) it should run on.
import type { ClubListQuery } from '@nocturna/shared';
import { foldForSearch } from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

export async function findClubs(db: Db, query: ClubListQuery, after?: { name: string; id: string }) {
  let q = db.selectFrom('clubs').selectAll('clubs');
  if (query.q) q = q.where(containsEscaped('clubs.search_text', escapeLike(foldForSearch(query.q))));
  if (query.barrio) q = q.where('clubs.barrio', '=', query.barrio);
  if (query.day) q = q.where('clubs.opening_days', 'like', `%${query.day}%`);
  if (query.genre) {
    const genre = query.genre.toLowerCase();
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('club_genres').select('club_genres.club_id').whereRef('club_genres.club_id', '=', 'clubs.id').where('club_genres.genre', '=', genre)),
    );
  }
  if (after) {
    q = q.where((eb) => eb.or([eb('clubs.name', '>', after.name), eb.and([eb('clubs.name', '=', after.name), eb('clubs.id', '>', after.id)])]));
  }
  return q.orderBy('clubs.name').orderBy('clubs.id').limit(query.limit + 1).execute();
}

export async function findClubByIdOrSlug(db: Db, idOrSlug: string) {
  return db
    .selectFrom('clubs')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function genresOfClubs(db: Db, clubIds: string[]): Promise<Map<string, string[]>> {
  const byClub = new Map<string, string[]>();
  if (clubIds.length === 0) return byClub;
  const rows = await db.selectFrom('club_genres').select(['club_id', 'genre']).where('club_id', 'in', clubIds).orderBy('genre').execute();
  for (const row of rows) byClub.set(row.club_id, [...(byClub.get(row.club_id) ?? []), row.genre]);
  return byClub;
}

// `%` and `_` typed by a person are literal characters, not wildcards.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// SQLite has no default LIKE escape character, so it is named for both engines.
export function containsEscaped(column: string, escaped: string) {
  return sql<boolean>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}
