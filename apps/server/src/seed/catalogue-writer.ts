// Writes clubs and events with everything derived from them (search text, genres, min price).
// Shared by the Madrid dataset, the spec's demo seed, the benchmark and the tests.
import { foldForSearch, type Weekday } from '@nocturna/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/connect.ts';
import * as clock from '../clock.ts';

export type NewClub = {
  id?: string;
  slug: string;
  name: string;
  city?: string;
  barrio: string;
  description?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  logoURL?: string;
  coverURL?: string;
  genres?: string[];
  openingDays: Weekday[];
  openingHours?: string;
  dressCode?: string;
  minimumAge?: number;
  priceRange?: string;
  capacity?: number;
  instagram?: string | null;
  website?: string | null;
  color?: string;
};

export type NewTicketType = {
  name: string;
  priceCents: number;
  capacity: number;
  // Sales rules (migration 0009); by default a type sells until the event ends, paid at the door unless free.
  kind?: 'free' | 'door' | 'online';
  salesFrom?: Date;
  salesUntil?: Date;
  entryUntil?: Date;
  perPersonLimit?: number;
  // Hidden types are sold only with one of their promoter codes.
  hidden?: boolean;
  codes?: { code: string; promoterId?: string | null }[];
};

export type NewEvent = {
  id?: string;
  slug: string;
  clubId: string;
  name: string;
  city?: string;
  description?: string;
  coverURL?: string;
  startAt: Date;
  endAt: Date;
  status?: 'draft' | 'published' | 'cancelled';
  gallery?: 'attendees' | 'public';
  minimumAge?: number;
  dressCode?: string;
  genres?: string[];
  lineup?: { djName: string; djUserId?: string | null; startsAt?: Date; endsAt?: Date }[];
  ticketTypes?: NewTicketType[];
  wallModeration?: 'pre' | 'post';
  allowOverCapacity?: boolean;
};

// The copy of an event's or club's genres on its own row (migration 0011): the same lower-case genres written to
// event_genres/club_genres, in byte order, comma-separated.
function genreList(genres: string[]): string {
  return [...new Set(genres)].sort().join(',');
}

export async function insertClub(db: Db, club: NewClub): Promise<string> {
  const id = club.id ?? uuidv7();
  const genres = (club.genres ?? []).map((g) => g.toLowerCase());
  await db
    .insertInto('clubs')
    .values({
      id,
      slug: club.slug,
      name: club.name,
      city: club.city ?? 'Madrid',
      barrio: club.barrio,
      description: club.description ?? '',
      address: club.address ?? '',
      latitude: club.latitude ?? 40.4168,
      longitude: club.longitude ?? -3.7038,
      logo_url: club.logoURL ?? `/media/clubs/${id}/logo.svg`,
      cover_url: club.coverURL ?? `/media/clubs/${id}/cover.svg`,
      opening_days: club.openingDays.join(','),
      opening_hours: club.openingHours ?? '00:00–06:00',
      dress_code: club.dressCode ?? 'Libre',
      minimum_age: club.minimumAge ?? 18,
      price_range: club.priceRange ?? '10–20 €',
      capacity: club.capacity ?? 500,
      instagram: club.instagram ?? null,
      website: club.website ?? null,
      brand_color: club.color ?? '#a855f7',
      search_text: foldForSearch([club.name, club.barrio, ...genres].join(' ')),
      genre_list: genreList(genres),
      created_at: clock.now().toISOString(),
      archived_at: null,
    })
    .execute();
  if (genres.length)
    await db
      .insertInto('club_genres')
      .values(genres.map((genre) => ({ club_id: id, genre })))
      .execute();
  return id;
}

export async function insertEvent(db: Db, event: NewEvent, clubName: string): Promise<string> {
  const id = event.id ?? uuidv7();
  const genres = (event.genres ?? []).map((g) => g.toLowerCase());
  const ticketTypes = event.ticketTypes ?? [];
  const lineup = event.lineup ?? [];
  // The price a visitor can see: hidden types do not count.
  const visibleTypes = ticketTypes.filter((t) => !t.hidden);
  const minPrice = visibleTypes.length ? Math.min(...visibleTypes.map((t) => t.priceCents)) : null;
  await db
    .insertInto('events')
    .values({
      id,
      slug: event.slug,
      club_id: event.clubId,
      name: event.name,
      city: event.city ?? 'Madrid',
      description: event.description ?? '',
      cover_url: event.coverURL ?? `/media/events/${id}/cover.svg`,
      start_at: event.startAt.toISOString(),
      end_at: event.endAt.toISOString(),
      status: event.status ?? 'published',
      gallery_privacy: event.gallery ?? 'attendees',
      minimum_age: event.minimumAge ?? 18,
      dress_code: event.dressCode ?? 'Libre',
      min_price_cents: minPrice,
      search_text: foldForSearch([event.name, clubName, ...lineup.map((l) => l.djName), ...genres].join(' ')),
      genre_list: genreList(genres),
      wall_moderation: event.wallModeration ?? 'post',
      allow_over_capacity: event.allowOverCapacity ?? false,
      created_at: clock.now().toISOString(),
      updated_at: null,
      cancelled_at: null,
    })
    .execute();
  // event_genres.start_at mirrors the event's start: whatever moves an event must move it too.
  if (genres.length)
    await db
      .insertInto('event_genres')
      .values(genres.map((genre) => ({ event_id: id, genre, start_at: event.startAt.toISOString() })))
      .execute();
  if (lineup.length)
    await db
      .insertInto('event_lineup')
      .values(
        lineup.map((slot, position) => ({
          event_id: id,
          position,
          dj_name: slot.djName,
          search_text: foldForSearch(slot.djName),
          dj_user_id: slot.djUserId ?? null,
          starts_at: slot.startsAt?.toISOString() ?? null,
          ends_at: slot.endsAt?.toISOString() ?? null,
        })),
      )
      .execute();
  if (ticketTypes.length)
    await db
      .insertInto('ticket_types')
      .values(
        ticketTypes.map((t, position) => ({
          id: `${id}-tt${position + 1}`,
          event_id: id,
          position,
          name: t.name,
          price_cents: t.priceCents,
          currency: 'EUR',
          capacity: t.capacity,
          kind: t.kind ?? (t.priceCents === 0 ? 'free' : 'door'),
          sales_from: t.salesFrom?.toISOString() ?? null,
          sales_until: t.salesUntil?.toISOString() ?? null,
          entry_until: t.entryUntil?.toISOString() ?? null,
          per_person_limit: t.perPersonLimit ?? 10,
          hidden: t.hidden ?? false,
        })),
      )
      .execute();
  const codes = ticketTypes.flatMap((t, position) =>
    (t.codes ?? []).map((c) => ({
      ticket_type_id: `${id}-tt${position + 1}`,
      code: c.code.toUpperCase(),
      promoter_id: c.promoterId ?? null,
      created_at: clock.now().toISOString(),
    })),
  );
  if (codes.length) await db.insertInto('ticket_type_codes').values(codes).execute();
  return id;
}
