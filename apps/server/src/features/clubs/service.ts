import type { ClubDetail, ClubListQuery, ClubSummary, Page, Weekday } from '@nocturna/shared';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { notFound } from '../../http/errors.ts';
import { findClubByIdOrSlug, findClubs } from './repository.ts';

type ClubSummaryRow = {
  id: string;
  slug: string;
  name: string;
  city: string;
  barrio: string;
  logo_url: string;
  cover_url: string;
  opening_days: string;
  genre_list: string;
  price_range: string;
  minimum_age: number;
};
type ClubRow = NonNullable<Awaited<ReturnType<typeof findClubByIdOrSlug>>>;

// Comma-separated lists as stored (opening_days, genre_list) back into arrays.
export const listOf = (text: string) => (text ? text.split(',') : []);

export function toClubSummary(row: ClubSummaryRow): ClubSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    barrio: row.barrio,
    logoURL: row.logo_url,
    coverURL: row.cover_url,
    openingDays: listOf(row.opening_days) as Weekday[],
    genres: listOf(row.genre_list),
    priceRange: row.price_range,
    minimumAge: row.minimum_age,
  };
}

export function toClubDetail(row: ClubRow): ClubDetail {
  return {
    ...toClubSummary(row),
    description: row.description,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    dressCode: row.dress_code,
    openingHours: row.opening_hours,
    capacity: row.capacity,
    instagram: row.instagram,
    website: row.website,
  };
}

const clubCursor = z.tuple([z.string(), z.string()]);

export async function listClubs(db: Db, query: ClubListQuery): Promise<Page<ClubSummary>> {
  const after = decodeCursor(query.cursor, clubCursor);
  const rows = await findClubs(db, query, after ? { name: after[0], id: after[1] } : undefined);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toClubSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.name, last.id]) : null,
  };
}

export async function getClubDetail(db: Db, idOrSlug: string): Promise<ClubDetail> {
  const row = await findClubByIdOrSlug(db, idOrSlug);
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  return toClubDetail(row);
}

export async function getClubRow(db: Db, idOrSlug: string) {
  return findClubByIdOrSlug(db, idOrSlug);
}
