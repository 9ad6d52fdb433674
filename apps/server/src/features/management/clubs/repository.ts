// A club's rows as management reads and writes them: the club, its genres, and the search text its events carry.
import { foldForSearch, type ClubInput, type ManagedClub, type Weekday } from '@nocturna/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import type { ClubsTable } from '../../../db/schema.ts';

const listOf = (text: string) => (text ? text.split(',') : []);

export function toManagedClub(row: Selectable<ClubsTable>): ManagedClub {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    barrio: row.barrio,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    genres: listOf(row.genre_list),
    openingDays: listOf(row.opening_days) as Weekday[],
    openingHours: row.opening_hours,
    minimumAge: row.minimum_age,
    dressCode: row.dress_code,
    priceRange: row.price_range,
    capacity: row.capacity,
    instagram: row.instagram,
    website: row.website,
    logoURL: row.logo_url,
    coverURL: row.cover_url,
    archived: row.archived_at !== null,
    refundOnRefusal: Boolean(row.refund_on_refusal),
  };
}

// The columns a club's input sets, with what is derived from them (search text, genre list).
export function clubColumns(input: ClubInput) {
  const genres = [...new Set(input.genres.map((g) => g.toLowerCase()))].sort();
  return {
    slug: input.slug,
    name: input.name,
    barrio: input.barrio,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    description: input.description,
    opening_days: input.openingDays.join(','),
    opening_hours: input.openingHours,
    minimum_age: input.minimumAge,
    dress_code: input.dressCode,
    price_range: input.priceRange,
    capacity: input.capacity,
    instagram: input.instagram?.replace(/^@/, '') || null,
    website: input.website || null,
    search_text: foldForSearch([input.name, input.barrio, ...genres].join(' ')),
    genre_list: genres.join(','),
  };
}

export async function findClubRow(db: Db, idOrSlug: string) {
  return db
    .selectFrom('clubs')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function writeGenres(db: Db, clubId: string, genreList: string) {
  await db.deleteFrom('club_genres').where('club_id', '=', clubId).execute();
  const genres = listOf(genreList);
  if (genres.length)
    await db
      .insertInto('club_genres')
      .values(genres.map((genre) => ({ club_id: clubId, genre })))
      .execute();
}

export async function refreshEventSearchText(db: Db, clubId: string, oldName: string, newName: string) {
  const events = await db
    .selectFrom('events')
    .select(['id', 'search_text'])
    .where('club_id', '=', clubId)
    .execute();
  const from = foldForSearch(oldName);
  const to = foldForSearch(newName);
  for (const e of events)
    await db
      .updateTable('events')
      .set({ search_text: e.search_text.replace(from, to) })
      .where('id', '=', e.id)
      .execute();
}

export async function listManagedClubs(db: Db, clubIds: string[] | null): Promise<ManagedClub[]> {
  let q = db.selectFrom('clubs').selectAll().orderBy('name').orderBy('id');
  if (clubIds) q = q.where('id', 'in', clubIds.length ? clubIds : ['']);
  return (await q.execute()).map(toManagedClub);
}
