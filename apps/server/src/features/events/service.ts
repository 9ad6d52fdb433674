import {
  foldForSearch,
  priceFromRow,
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
import { escapeLike } from '../../db/like.ts';
import { ftsPhraseFor } from '../../db/text-search.ts';
import { listOf, toClubSummary } from '../clubs/index.ts';
import { findEvents, findPublishedEvent, lineupOf, ticketTypesOf } from './repository.ts';
import * as clock from '../../clock.ts';

type EventRow = Awaited<ReturnType<typeof findEvents>>[number];

export function toEventSummary(row: EventRow): EventSummary {
  const price = priceFromRow({
    rank: row.sale_rank,
    fromCents: row.price_from_cents,
    toCents: row.price_to_cents,
  });
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
    genres: listOf(row.genre_list),
    minPrice: price.from,
    price,
    minimumAge: row.minimum_age,
  };
}

const eventCursor = z.tuple([z.iso.datetime(), z.string()]);

export async function listEvents(
  db: Db,
  query: EventListQuery,
  now: Date = clock.now(),
): Promise<Page<EventSummary>> {
  const after = decodeCursor(query.cursor, eventCursor);
  let from = query.from ? new Date(query.from).toISOString() : undefined;
  let to = query.to ? new Date(query.to).toISOString() : undefined;
  if (query.when) {
    const range = rangeFor(query.when, now);
    from = from && from > range.from.toISOString() ? from : range.from.toISOString();
    to = to && to < range.to.toISOString() ? to : range.to.toISOString();
  }
  if (from && to && from >= to && !query.when)
    throw badRequest('to', 'La fecha "to" debe ser posterior a "from".');
  const rows = await findEvents(db, {
    qPattern: query.q ? `%${escapeLike(foldForSearch(query.q))}%` : undefined,
    qMatch: query.q ? ftsPhraseFor(foldForSearch(query.q)) : undefined,
    from,
    to,
    // Without explicit dates the list shows what is still ahead: upcoming and under way.
    endsAfter: query.from ? undefined : now.toISOString(),
    clubId: query.clubId || undefined,
    genre: query.genre?.toLowerCase(),
    maxPriceCents: query.maxPrice,
    barrio: query.barrio || undefined,
    now: now.toISOString(),
    afterStartAt: after?.[0],
    afterId: after?.[1],
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEventSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor([toIso(last.start_at), last.id]) : null,
  };
}

export async function listUpcomingEventsOfClub(
  db: Db,
  clubId: string,
  now: Date = clock.now(),
): Promise<EventSummary[]> {
  const rows = await findEvents(db, {
    clubId,
    endsAfter: now.toISOString(),
    now: now.toISOString(),
    limit: 20,
  });
  return rows.map(toEventSummary);
}

export async function getEvent(db: Db, idOrSlug: string, now: Date = clock.now()): Promise<EventDetail> {
  const row = await findPublishedEvent(db, idOrSlug, now.toISOString());
  if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
  const [lineup, ticketTypes] = await Promise.all([lineupOf(db, row.id), ticketTypesOf(db, row.id)]);
  return {
    ...toEventSummary(row),
    description: row.description,
    dressCode: row.dress_code,
    privacy: { gallery: row.gallery_privacy },
    lineup: lineup.map((slot) => ({
      djName: slot.dj_name,
      startsAt: toIsoOrNull(slot.starts_at),
      endsAt: toIsoOrNull(slot.ends_at),
    })),
    ticketTypes: ticketTypes.map((t) => ({
      id: t.id,
      name: t.name,
      price: { cents: t.price_cents, currency: 'EUR' as const },
      capacity: t.capacity,
    })),
    club: {
      ...toClubSummary({
        id: row.club_id,
        slug: row.club_slug,
        name: row.club_name,
        city: row.club_city,
        barrio: row.club_barrio,
        logo_url: row.club_logo_url,
        cover_url: row.club_cover_url,
        opening_days: row.club_opening_days,
        genre_list: row.club_genre_list,
        price_range: row.club_price_range,
        minimum_age: row.club_minimum_age,
      }),
      address: row.club_address,
      latitude: row.club_latitude,
      longitude: row.club_longitude,
    },
  };
}
