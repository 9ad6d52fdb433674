import type { ClubDetail, ClubListQuery, ClubSummary, ClubWithEvents, Page, Weekday } from '@nocturna/shared';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { ClubsTable } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { notFound } from '../../http/errors.ts';
import { listUpcomingEventsOfClub } from '../events/service.ts';
import { findClubByIdOrSlug, findClubs, genresOfClubs } from './repository.ts';

type ClubRow = ClubsTable;

export function toClubSummary(row: ClubRow, genres: string[]): ClubSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    barrio: row.barrio,
    logoURL: row.logo_url,
    coverURL: row.cover_url,
    openingDays: row.opening_days.split(',').filter(Boolean) as Weekday[],
    genres,
    priceRange: row.price_range,
    minimumAge: row.minimum_age,
  };
}

export function toClubDetail(row: ClubRow, genres: string[]): ClubDetail {
  return {
    ...toClubSummary(row, genres),
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
  const genres = await genresOfClubs(db, page.map((r) => r.id));
  const last = page.at(-1);
  return {
    items: page.map((r) => toClubSummary(r, genres.get(r.id) ?? [])),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.name, last.id]) : null,
  };
}

export async function getClub(db: Db, idOrSlug: string): Promise<ClubWithEvents> {
  const row = await findClubByIdOrSlug(db, idOrSlug);
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  const genres = await genresOfClubs(db, [row.id]);
  return { ...toClubDetail(row, genres.get(row.id) ?? []), upcomingEvents: await listUpcomingEventsOfClub(db, row.id) };
}

export async function getClubRow(db: Db, idOrSlug: string) {
  return findClubByIdOrSlug(db, idOrSlug);
}
