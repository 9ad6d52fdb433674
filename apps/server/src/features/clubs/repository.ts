// SQL for clubs. Every function takes the Kysely instance (or a transaction) it should run on.
import type { ClubListQuery } from '@nocturna/shared';
import { foldForSearch } from '@nocturna/shared';
import type { ExpressionBuilder } from 'kysely';
import { reusableQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { containsAll, engineOf } from '../../db/text-search.ts';

// Clubs whose genres include this one (lower-case, as club_genres keeps them).
export function playsGenre(genre: string) {
  return ({ exists, selectFrom }: ExpressionBuilder<Database, 'clubs'>) =>
    exists(
      selectFrom('club_genres')
        .select('club_genres.club_id')
        .whereRef('club_genres.club_id', '=', 'clubs.id')
        .where('club_genres.genre', '=', genre.toLowerCase()),
    );
}

export async function findClubs(db: Db, query: ClubListQuery, after?: { name: string; id: string }) {
  // An archived club leaves the list; its own page stays for the nights it held.
  let q = db.selectFrom('clubs').selectAll('clubs').where('clubs.archived_at', 'is', null);
  // The name, barrio or genre holding the typed text, through the search index (migration 0013).
  if (query.q) q = q.where(containsAll({ kind: engineOf(db) }, 'clubs', [foldForSearch(query.q)]));
  if (query.barrio) q = q.where('clubs.barrio', '=', query.barrio);
  if (query.day) q = q.where('clubs.opening_days', 'like', `%${query.day}%`);
  if (query.genre) q = q.where(playsGenre(query.genre));
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('clubs.name', '>', after.name),
        eb.and([eb('clubs.name', '=', after.name), eb('clubs.id', '>', after.id)]),
      ]),
    );
  }
  return q
    .orderBy('clubs.name')
    .orderBy('clubs.id')
    .limit(query.limit + 1)
    .execute();
}

// Everything a club's page shows, by id or slug.
const clubByIdOrSlug = reusableQuery((db: Db, { idOrSlug }: { idOrSlug: string }) =>
  db
    .selectFrom('clubs')
    .select([
      'id',
      'slug',
      'name',
      'city',
      'barrio',
      'logo_url',
      'cover_url',
      'opening_days',
      'genre_list',
      'price_range',
      'minimum_age',
      'description',
      'address',
      'latitude',
      'longitude',
      'dress_code',
      'opening_hours',
      'capacity',
      'instagram',
      'website',
    ])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)])),
);

export async function findClubByIdOrSlug(db: Db, idOrSlug: string) {
  const [row] = await clubByIdOrSlug(db, { idOrSlug });
  return row;
}
