// Explore: the events of a night or a weekend on the map of Madrid, narrowed by genre, barrio, price,
// age and "open now", with their clubs (marker colour: what is on tonight), what sold most in the last 24 hours,
// which connections are going, and the distance from the person when they share where they are.
// The SQL comes from the features that own the tables: events (summaries, tonight), tickets (recent sales),
// profiles (connections going, consent-gated).
import {
  EXPLORE_EVENTS_LIMIT,
  FRIENDS_SHOWN,
  TRENDING_LIMIT,
  isOn,
  nightOf,
  rangeFor,
  type ExploreClub,
  type ExploreEvent,
  type ExploreQuery,
  type ExploreResult,
  type Range,
} from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { clubPlaces } from '../clubs/index.ts';
import { priceFromCents, toEventSummary, selectEventSummaries, tonightByClub } from '../events/index.ts';
import { recentSalesOfEvent } from '../tickets/index.ts';
import { connectionsGoing, userCards } from '../profiles/index.ts';
import { distanceM } from './geo.ts';
import * as clock from '../../clock.ts';

type Query = ExploreQuery;
const DAY = 24 * 3600_000;

export function exploreRange(query: Pick<Query, 'when' | 'date'>, now: Date): Range {
  if (query.when === 'tonight') return rangeFor('hoy', now);
  if (query.when === 'weekend') return rangeFor('finde', now);
  if (query.when === 'date' && query.date) {
    // A night belongs to the day it starts: 06:00 that day to 06:00 the next, Madrid time.
    return nightOf(query.date);
  }
  const from = rangeFor('hoy', now).from;
  return { from, to: new Date(from.getTime() + 7 * DAY) };
}

type Near = { lat: number; lng: number } | null;

// The events of the range that pass the filters, nearest first when the person shares where they are, each with
// its club's place and its sales of the last 24 hours.
function eventsQuery(db: Db, query: Query, now: Date, range: { from: string; to: string }, near: Near) {
  const nowIso = now.toISOString();
  const endsAfter = range.from > nowIso ? range.from : nowIso;
  let q = selectEventSummaries(db, nowIso)
    .select([
      'clubs.latitude',
      'clubs.longitude',
      recentSalesOfEvent(new Date(now.getTime() - DAY).toISOString()).as('sales24h'),
    ])
    .where('events.start_at', '<', range.to)
    .where('events.end_at', '>', endsAfter)
    .where('clubs.archived_at', 'is', null);
  if (query.genre) {
    const genre = query.genre.toLowerCase();
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_genres')
          .select('event_genres.event_id')
          .whereRef('event_genres.event_id', '=', 'events.id')
          .where('event_genres.genre', '=', genre),
      ),
    );
  }
  if (query.barrio) q = q.where('clubs.barrio', '=', query.barrio);
  if (query.maxPrice !== undefined) q = q.where(priceFromCents(nowIso), '<=', query.maxPrice);
  if (query.age !== undefined) q = q.where('events.minimum_age', '<=', query.age);
  if (isOn(query.openNow)) q = q.where('events.start_at', '<=', nowIso).where('events.end_at', '>', nowIso);
  if (near) {
    // Squared distance in degrees with longitude scaled to the latitude (flat over a city): plain arithmetic,
    // the same on both engines, to order by; metres are worked out for the rows returned.
    const k = Math.cos((near.lat * Math.PI) / 180);
    const dLat = sql`(clubs.latitude - ${near.lat})`;
    const dLng = sql`((clubs.longitude - ${near.lng}) * ${k})`;
    q = q.orderBy(sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`);
  }
  return q.orderBy('events.start_at').orderBy('events.id').limit(sql.lit(EXPLORE_EVENTS_LIMIT));
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>['execute']>>[number];

// The connections going to each event, and the cards of those shown (the first FRIENDS_SHOWN of each event).
async function friendsOfEvents(db: Db, going: { event_id: string; user_id: string }[]) {
  const friendsOf = new Map<string, string[]>();
  for (const g of going) friendsOf.set(g.event_id, [...(friendsOf.get(g.event_id) ?? []), g.user_id]);
  const shownIds = [...new Set([...friendsOf.values()].flatMap((list) => list.slice(0, FRIENDS_SHOWN)))];
  const cards = new Map((await userCards(db, shownIds)).map((c) => [c.id, c]));
  return { friendsOf, cards };
}

function toExploreEvent(
  r: EventRow,
  friendsOfEvent: Awaited<ReturnType<typeof friendsOfEvents>>,
  near: Near,
): ExploreEvent {
  const friends = friendsOfEvent.friendsOf.get(r.id) ?? [];
  return {
    ...toEventSummary(r),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    sales24h: Number(r.sales24h),
    friends: friends.slice(0, FRIENDS_SHOWN).flatMap((id) => friendsOfEvent.cards.get(id) ?? []),
    friendsCount: friends.length,
    distanceM: near
      ? Math.round(distanceM(near, { lat: Number(r.latitude), lng: Number(r.longitude) }))
      : null,
  };
}

// The markers: each club with events (how many, and what is on tonight), then every other club of the city.
function clubsOnMap(
  events: ExploreEvent[],
  places: Awaited<ReturnType<typeof clubPlaces>>,
  tonight: Map<string, 'live' | 'tonight'>,
  near: Near,
): ExploreClub[] {
  const clubs = new Map<string, ExploreClub>();
  for (const e of events) {
    const club = clubs.get(e.clubId);
    if (club) club.events += 1;
    else
      clubs.set(e.clubId, {
        id: e.clubId,
        slug: e.clubSlug,
        name: e.clubName,
        barrio: e.barrio,
        latitude: e.latitude,
        longitude: e.longitude,
        tonight: tonight.get(e.clubId) ?? 'none',
        events: 1,
        distanceM: e.distanceM,
      });
  }
  // Every other club of the city (of the barrio, when one is chosen) stays on the map with nothing to show for
  // these filters (a muted marker): the person still sees where the clubs are, and that these nights pass them by.
  for (const p of places) {
    if (clubs.has(p.id)) continue;
    const at = { lat: Number(p.latitude), lng: Number(p.longitude) };
    clubs.set(p.id, {
      id: p.id,
      slug: p.slug,
      name: p.name,
      barrio: p.barrio,
      latitude: at.lat,
      longitude: at.lng,
      tonight: 'none',
      events: 0,
      distanceM: near ? Math.round(distanceM(near, at)) : null,
    });
  }
  return [...clubs.values()];
}

// The ids of the events that sold in the last 24 hours, best sellers first.
function trendingIds(events: ExploreEvent[]) {
  return events
    .filter((e) => e.sales24h > 0)
    .sort((a, b) => b.sales24h - a.sales24h || a.startAt.localeCompare(b.startAt))
    .slice(0, TRENDING_LIMIT)
    .map((e) => e.id);
}

// The ids of the events some connection is going to, soonest first.
function friendsGoingIds(events: ExploreEvent[]) {
  return events
    .filter((e) => e.friendsCount > 0)
    .sort((a, b) => a.startAt.localeCompare(b.startAt))
    .map((e) => e.id);
}

export async function explore(
  db: Db,
  viewerId: string | null,
  query: Query,
  now: Date = clock.now(),
): Promise<ExploreResult> {
  const range = exploreRange(query, now);
  const nowIso = now.toISOString();
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const near = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;

  // Every club of the city (for the muted markers) is read beside the events, not after them: one round trip less.
  const [rows, places] = await Promise.all([
    eventsQuery(db, query, now, { from, to }, near).execute(),
    clubPlaces(db, { barrio: query.barrio }),
  ]);

  const ids = rows.map((r) => r.id);
  const [going, tonight] = await Promise.all([
    viewerId ? connectionsGoing(db, viewerId, { now: nowIso, eventIds: ids }) : Promise.resolve([]),
    tonightByClub(db, [...new Set(rows.map((r) => r.club_id))], now),
  ]);
  const friends = await friendsOfEvents(db, going);
  const events = rows.map((r) => toExploreEvent(r, friends, near));

  return {
    range: { from, to },
    clubs: clubsOnMap(events, places, tonight, near),
    events,
    trending: trendingIds(events),
    friendsGoing: friendsGoingIds(events),
  };
}
