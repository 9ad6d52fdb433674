// SQL for events, their genres, line-up and ticket types.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { reusableQuery } from '../../db/compiled-query.ts';
import { likePattern } from '../../db/like.ts';
import { engineOf, ftsRowids, unindexed } from '../../db/text-search.ts';
import { priceFromCents, priceToCents, saleRank } from './price-sql.ts';

// Values go to the database as they are: q is a LIKE pattern (folded, escaped, wrapped in %) and, when the text
// has three letters or more, qMatch the same text as an FTS5 phrase for SQLite's search index; genre lower-case.
export type EventFilter = {
  qPattern?: string;
  qMatch?: string;
  from?: string;
  to?: string;
  endsAfter?: string;
  clubId?: string;
  genre?: string;
  maxPriceCents?: number;
  barrio?: string;
  // The instant prices are read at: only what is on sale then counts (price-sql.ts).
  now: string;
  afterStartAt?: string;
  afterId?: string;
  limit: number;
};

// Only the columns a summary shows: the long description and search text stay in the database. `now`: the instant
// the price is read at (an ISO string, or a reusable query's placeholder). `byText`: the caller narrows by the
// search index, which should drive the query rather than the status index.
export function selectEventSummaries(db: Db, now: unknown, byText = false) {
  return db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'events.id',
      'events.slug',
      'events.club_id',
      'events.name',
      'events.city',
      'events.cover_url',
      'events.start_at',
      'events.end_at',
      'events.status',
      saleRank(now).as('sale_rank'),
      priceFromCents(now).as('price_from_cents'),
      priceToCents(now).as('price_to_cents'),
      'events.minimum_age',
      'clubs.name as club_name',
      'clubs.slug as club_slug',
      'clubs.barrio as club_barrio',
      // Sorted and comma-separated, kept on the row by catalogue-writer (migration 0011).
      'events.genre_list',
    ])
    .where(byText ? unindexed(db, 'events.status') : sql.ref('events.status'), '=', 'published');
}

function buildEventList(db: Db, f: EventFilter) {
  const genre = f.genre;
  // With a genre, the page is read in start order from event_genres' (genre, start_at, event_id) index, whose
  // start_at mirrors events.start_at; without one, from events' (status, start_at, id) index.
  const startAt = sql.ref<string>(genre !== undefined ? 'event_genres.start_at' : 'events.start_at');
  const id = sql.ref<string>(genre !== undefined ? 'event_genres.event_id' : 'events.id');
  let q = selectEventSummaries(db, f.now).$if(genre !== undefined, (qb) =>
    qb.innerJoin('event_genres', (join) =>
      join.onRef('event_genres.event_id', '=', 'events.id').on('event_genres.genre', '=', genre!),
    ),
  );
  // PostgreSQL's trigram index serves the LIKE; SQLite asks its FTS5 table (migration 0013).
  if (f.qMatch !== undefined && engineOf(db) === 'sqlite') q = q.where(ftsRowids('events', f.qMatch));
  else if (f.qPattern !== undefined) q = q.where(likePattern('events.search_text', f.qPattern));
  if (f.from !== undefined) q = q.where(startAt, '>=', f.from);
  if (f.to !== undefined) q = q.where(startAt, '<', f.to);
  if (f.endsAfter !== undefined) q = q.where('events.end_at', '>', f.endsAfter);
  // Resolved to one id first, so the (club_id, start_at) index finds the club's events without walking the rest.
  if (f.clubId !== undefined) {
    const clubId = f.clubId;
    q = q.where('events.club_id', '=', (eb) =>
      eb
        .selectFrom('clubs as wanted')
        .select('wanted.id')
        .where((w) => w.or([w('wanted.id', '=', clubId), w('wanted.slug', '=', clubId)])),
    );
  }
  if (f.barrio !== undefined) q = q.where('clubs.barrio', '=', f.barrio);
  if (f.maxPriceCents !== undefined) q = q.where(priceFromCents(f.now), '<=', f.maxPriceCents);
  if (f.afterStartAt !== undefined && f.afterId !== undefined) {
    const { afterStartAt, afterId } = f;
    q = q.where((eb) =>
      eb.or([eb(startAt, '>', afterStartAt), eb.and([eb(startAt, '=', afterStartAt), eb(id, '>', afterId)])]),
    );
  }
  // A literal LIMIT (a validated integer) lets SQLite stop after the page; a bound one cost a third of the query.
  return q
    .orderBy(startAt)
    .orderBy(id)
    .limit(sql.lit(Math.trunc(f.limit)));
}

const eventList = reusableQuery(buildEventList, { literal: ['limit'] });

export async function findEvents(db: Db, f: EventFilter) {
  return eventList(db, f);
}

// The event with what its page shows of the club, in one row.
const publishedEvent = reusableQuery((db: Db, { idOrSlug, now }: { idOrSlug: string; now: string }) =>
  selectEventSummaries(db, now)
    .select([
      'events.description',
      'events.dress_code',
      'events.gallery_privacy',
      'clubs.city as club_city',
      'clubs.logo_url as club_logo_url',
      'clubs.cover_url as club_cover_url',
      'clubs.opening_days as club_opening_days',
      'clubs.genre_list as club_genre_list',
      'clubs.price_range as club_price_range',
      'clubs.minimum_age as club_minimum_age',
      'clubs.address as club_address',
      'clubs.latitude as club_latitude',
      'clubs.longitude as club_longitude',
    ])
    .where((eb) => eb.or([eb('events.id', '=', idOrSlug), eb('events.slug', '=', idOrSlug)])),
);

export async function findPublishedEvent(db: Db, idOrSlug: string, now: string) {
  const [row] = await publishedEvent(db, { idOrSlug, now });
  return row;
}

const lineup = reusableQuery((db: Db, { eventId }: { eventId: string }) =>
  db
    .selectFrom('event_lineup')
    .select(['dj_name', 'starts_at', 'ends_at'])
    .where('event_id', '=', eventId)
    .orderBy('position'),
);

export async function lineupOf(db: Db, eventId: string) {
  return lineup(db, { eventId });
}

// Hidden types (sold only with a promoter code) are not part of the public event page.
const publicTicketTypes = reusableQuery((db: Db, { eventId }: { eventId: string }) =>
  db
    .selectFrom('ticket_types')
    .select(['id', 'name', 'price_cents', 'capacity'])
    .where('event_id', '=', eventId)
    .where('hidden', '=', false)
    .orderBy('position'),
);

export async function ticketTypesOf(db: Db, eventId: string) {
  return publicTicketTypes(db, { eventId });
}
