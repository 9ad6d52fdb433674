import {
  foldForSearch,
  rangeFor,
  type EventDetail,
  type EventListQuery,
  type EventSummary,
  type Page,
} from '@nocturna/shared';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { escapeLike, findClubByIdOrSlug, genresOfClubs } from '../clubs/repository.ts';
import { toClubSummary } from '../clubs/service.ts';
import { findEvents, findPublishedEvent, lineupOf, ticketTypesOf } from './repository.ts';

type EventRow = Awaited<ReturnType<typeof findEvents>>[number];

function toEventSummary(row: EventRow): EventSummary {
  return {
    id: row.id,
    slug: row.slug,
    clubId: row.club_id,
    clubName: row.club_name,
    clubSlug: row.club_slug,
    barrio: row.club_barrio,
    name: row.name,
    city: row.city,
    coverURL: row.cover_url,
    startAt: toIso(row.start_at),
    endAt: toIso(row.end_at),
    status: row.status,
    genres: row.genre_list ? row.genre_list.split(',') : [],
    minPrice: row.min_price_cents === null ? null : { cents: row.min_price_cents, currency: 'EUR' },
    minimumAge: row.minimum_age,
  };
}


const eventCursor = z.tuple([z.iso.datetime(), z.string()]);

export async function listEvents(db: Db, query: EventListQuery, now: Date = new Date()): Promise<Page<EventSummary>> {
  const after = decodeCursor(query.cursor, eventCursor);
  let from = query.from ? new Date(query.from).toISOString() : undefined;
  let to = query.to ? new Date(query.to).toISOString() : undefined;
  if (query.when) {
    const range = rangeFor(query.when, now);
    from = from && from > range.from.toISOString() ? from : range.from.toISOString();
    to = to && to < range.to.toISOString() ? to : range.to.toISOString();
  }
  if (from && to && from >= to && !query.when) throw badRequest('to', 'La fecha "to" debe ser posterior a "from".');
  const rows = await findEvents(db, {
    q: query.q ? escapeLike(foldForSearch(query.q)) : undefined,
    from,
    to,
    // Without explicit dates the list shows what is still ahead: upcoming and under way.
    endsAfter: query.from ? undefined : now.toISOString(),
    clubId: query.clubId,
    genre: query.genre,
    maxPriceCents: query.maxPrice,
    barrio: query.barrio,
    after: after ? { startAt: after[0], id: after[1] } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEventSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor([toIso(last.start_at), last.id]) : null,
  };
}

export async function listUpcomingEventsOfClub(db: Db, clubId: string, now: Date = new Date()): Promise<EventSummary[]> {
  const rows = await findEvents(db, { clubId, endsAfter: now.toISOString(), limit: 20 });
  return rows.map(toEventSummary);
}

export async function getEvent(db: Db, idOrSlug: string): Promise<EventDetail> {
  const row = await findPublishedEvent(db, idOrSlug);
  if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
  const [lineup, ticketTypes, club] = await Promise.all([
    lineupOf(db, row.id),
    ticketTypesOf(db, row.id),
    findClubByIdOrSlug(db, row.club_id),
  ]);
  if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  const clubGenres = await genresOfClubs(db, [club.id]);
  return {
    ...toEventSummary(row),
    description: row.description,
    dressCode: row.dress_code,
    privacy: { gallery: row.gallery_privacy },
    lineup: lineup.map((slot) => ({ djName: slot.dj_name, startsAt: toIsoOrNull(slot.starts_at), endsAt: toIsoOrNull(slot.ends_at) })),
    ticketTypes: ticketTypes.map((t) => ({ id: t.id, name: t.name, price: { cents: t.price_cents, currency: 'EUR' as const }, capacity: t.capacity })),
    club: { ...toClubSummary(club, clubGenres.get(club.id) ?? []), address: club.address, latitude: club.latitude, longitude: club.longitude },
  };
}
