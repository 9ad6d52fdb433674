// SQL for events, their genres, line-up and ticket types.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { containsEscaped } from '../clubs/repository.ts';

export type EventFilter = {
  q?: string;
  from?: string;
  to?: string;
  endsAfter?: string;
  clubId?: string;
  genre?: string;
  maxPriceCents?: number;
  barrio?: string;
  after?: { startAt: string; id: string };
  limit: number;
};

// Only the columns a summary shows: the long description and search text stay in the database.
export function selectEventSummaries(db: Db) {
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
      'events.min_price_cents',
      'events.minimum_age',
      'clubs.name as club_name',
      'clubs.slug as club_slug',
      'clubs.barrio as club_barrio',
      // The genres come in the same query, as one comma-separated string (genres are slugs without commas);
      // string_agg with ORDER BY exists on PostgreSQL and on SQLite ≥ 3.44.
      sql<string | null>`(select string_agg(g.genre, ',' order by g.genre) from event_genres g where g.event_id = events.id)`.as('genre_list'),
    ])
    .where('events.status', '=', 'published');
}

export async function findEvents(db: Db, f: EventFilter) {
  const genre = f.genre?.toLowerCase();
  // With a genre, the page is read in start order from event_genres' (genre, start_at, event_id) index, whose
  // start_at mirrors events.start_at; without one, from events' (status, start_at, id) index.
  const startAt = sql.ref<string>(genre ? 'event_genres.start_at' : 'events.start_at');
  const id = sql.ref<string>(genre ? 'event_genres.event_id' : 'events.id');
  let q = selectEventSummaries(db).$if(genre !== undefined, (qb) =>
    qb.innerJoin('event_genres', (join) => join.onRef('event_genres.event_id', '=', 'events.id').on('event_genres.genre', '=', genre!)),
  );
  // f.q arrives folded and LIKE-escaped by the service.
  if (f.q) q = q.where(containsEscaped('events.search_text', f.q));
  if (f.from) q = q.where(startAt, '>=', f.from);
  if (f.to) q = q.where(startAt, '<', f.to);
  if (f.endsAfter) q = q.where('events.end_at', '>', f.endsAfter);
  // Resolved to one id first, so the (club_id, start_at) index finds the club's events without walking the rest.
  if (f.clubId) {
    const clubId = f.clubId;
    q = q.where('events.club_id', '=', (eb) =>
      eb.selectFrom('clubs as wanted').select('wanted.id').where((w) => w.or([w('wanted.id', '=', clubId), w('wanted.slug', '=', clubId)])),
    );
  }
  if (f.barrio) q = q.where('clubs.barrio', '=', f.barrio);
  if (f.maxPriceCents !== undefined) q = q.where('events.min_price_cents', '<=', f.maxPriceCents);
  if (f.after) {
    const after = f.after;
    q = q.where((eb) => eb.or([eb(startAt, '>', after.startAt), eb.and([eb(startAt, '=', after.startAt), eb(id, '>', after.id)])]));
  }
  // A literal LIMIT (a validated integer) lets SQLite stop after the page; a bound one cost a third of the query.
  return q.orderBy(startAt).orderBy(id).limit(sql.lit(Math.trunc(f.limit))).execute();
}

export async function findPublishedEvent(db: Db, idOrSlug: string) {
  return selectEventSummaries(db)
    .select(['events.description', 'events.dress_code', 'events.gallery_privacy'])
    .where((eb) => eb.or([eb('events.id', '=', idOrSlug), eb('events.slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export async function lineupOf(db: Db, eventId: string) {
  return db.selectFrom('event_lineup').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
}

// Hidden types (sold only with a promoter code) are not part of the public event page.
export async function ticketTypesOf(db: Db, eventId: string) {
  return db.selectFrom('ticket_types').selectAll().where('event_id', '=', eventId).where('hidden', '=', false).orderBy('position').execute();
}
