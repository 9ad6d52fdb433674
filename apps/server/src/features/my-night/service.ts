// "Mi noche": the signed-in person's own dashboard. The next ticket (through the tickets service), connections
// going to the same nights, nights of their genres, the nights they got in, the next gigs of the DJs they follow,
// and what is unread (through the messages and notifications services). Every list is one SQL query.
import { sql } from 'kysely';
import type { MyNight } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { listMyTickets } from '../tickets/index.ts';
import { unreadTotal } from '../messages/index.ts';
import { unreadCount } from '../notifications/index.ts';
import * as clock from '../../clock.ts';

const card = (r: {
  id: string;
  slug: string;
  name: string;
  club_name: string;
  start_at: string | Date;
  cover_url: string;
}) => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  clubName: r.club_name,
  startAt: toIso(r.start_at),
  coverUrl: r.cover_url,
});

// The genres on the person's profile (none when unset or unreadable).
async function favouriteGenres(db: Db, userId: string): Promise<string[]> {
  const profile = await db
    .selectFrom('user_profiles')
    .select('favourite_genres')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  try {
    return JSON.parse(profile?.favourite_genres ?? '[]') as string[];
  } catch {
    return [];
  }
}

// My nights ahead (events I hold a valid ticket for), as a subquery.
function myNightsAhead(db: Db, userId: string) {
  return db
    .selectFrom('tickets')
    .select('event_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'valid');
}

type Mine = ReturnType<typeof myNightsAhead>;

async function nextTicket(db: Db, userId: string, now: Date): Promise<MyNight['nextTicket']> {
  const next = await listMyTickets(db, userId, { when: 'upcoming', limit: 1 }, now);
  const ticket = next.items[0];
  if (!ticket) return null;
  return {
    id: ticket.id,
    type: ticket.type,
    event: {
      id: ticket.event.id,
      slug: ticket.event.slug,
      name: ticket.event.name,
      clubName: ticket.club.name,
      startAt: ticket.event.startAt,
      coverUrl: ticket.event.coverURL,
    },
  };
}

// Connections holding a valid ticket to one of my nights ahead that has not ended.
async function friendsGoing(
  db: Db,
  userId: string,
  mine: Mine,
  nowIso: string,
): Promise<MyNight['friendsGoing']> {
  const friends = await db
    .selectFrom('connections as c')
    .innerJoin('tickets as t', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb('c.requester_id', '=', userId), eb('t.user_id', '=', eb.ref('c.addressee_id'))]),
          eb.and([eb('c.addressee_id', '=', userId), eb('t.user_id', '=', eb.ref('c.requester_id'))]),
        ]),
      ),
    )
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id as user_id', 'u.name', 'u.username', 'e.id as event_id', 'e.name as event_name'])
    .distinct()
    .where('c.status', '=', 'accepted')
    .where('t.status', '=', 'valid')
    .where('t.event_id', 'in', mine)
    .where('e.end_at', '>', nowIso)
    // People who keep their nights to themselves are not shown going.
    .where((eb) => eb.or([eb('p.show_events', 'is', null), eb('p.show_events', '=', true)]))
    .orderBy('e.name')
    .orderBy('u.name')
    .limit(12)
    .execute();
  return friends.map((f) => ({
    userId: f.user_id,
    name: f.name,
    username: f.username,
    eventId: f.event_id,
    eventName: f.event_name,
  }));
}

// Published nights ahead of one of my genres that I have no ticket for; no query when I have no genres.
async function genreSuggestions(
  db: Db,
  genres: string[],
  mine: Mine,
  nowIso: string,
): Promise<MyNight['suggestions']> {
  if (!genres.length) return [];
  const suggestions = await db
    .selectFrom('events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .select(['e.id', 'e.slug', 'e.name', 'c.name as club_name', 'e.start_at', 'e.cover_url', 'e.genre_list'])
    .where('e.status', '=', 'published')
    .where('e.start_at', '>', nowIso)
    .where('e.id', 'not in', mine)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_genres as g')
          .select(sql`1`.as('one'))
          .whereRef('g.event_id', '=', 'e.id')
          .where('g.genre', 'in', genres),
      ),
    )
    .orderBy('e.start_at')
    .limit(6)
    .execute();
  return suggestions.map((s) => ({ ...card(s), genres: s.genre_list ? s.genre_list.split(',') : [] }));
}

// The nights I got in, latest first.
async function pastCheckIns(db: Db, userId: string): Promise<MyNight['pastCheckIns']> {
  const past = await db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .select(['e.id', 'e.slug', 'e.name', 'c.name as club_name', 'e.start_at', 'e.cover_url', 't.check_in_at'])
    .where('t.user_id', '=', userId)
    .where('t.status', '=', 'used')
    .orderBy('t.check_in_at', 'desc')
    .limit(6)
    .execute();
  return past.map((p) => ({
    ...card(p),
    checkedInAt: p.check_in_at ? toIso(p.check_in_at) : toIso(p.start_at),
  }));
}

// The next published nights of the DJs I follow: on the lineup with no booking, or with a confirmed one.
async function followedGigs(db: Db, userId: string, nowIso: string): Promise<MyNight['followedGigs']> {
  const gigs = await db
    .selectFrom('dj_follows as f')
    .innerJoin('dj_profiles as d', 'd.user_id', 'f.dj_user_id')
    .innerJoin('event_lineup as l', 'l.dj_user_id', 'f.dj_user_id')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .leftJoin('dj_bookings as b', (j) =>
      j.onRef('b.event_id', '=', 'e.id').onRef('b.dj_user_id', '=', 'f.dj_user_id'),
    )
    .select([
      'd.name as dj_name',
      'd.slug as dj_slug',
      'e.id as event_id',
      'e.slug as event_slug',
      'e.name as event_name',
      'c.name as club_name',
      'e.start_at',
      'l.starts_at',
      'l.ends_at',
    ])
    .where('f.follower_id', '=', userId)
    .where('e.status', '=', 'published')
    .where('e.end_at', '>', nowIso)
    .where((eb) => eb.or([eb('b.status', 'is', null), eb('b.status', '=', 'confirmed')]))
    .orderBy('e.start_at')
    .limit(6)
    .execute();
  return gigs.map((g) => ({
    djName: g.dj_name,
    djSlug: g.dj_slug,
    eventId: g.event_id,
    eventSlug: g.event_slug,
    eventName: g.event_name,
    clubName: g.club_name,
    startAt: toIso(g.start_at),
    setStartAt: g.starts_at ? toIso(g.starts_at) : null,
    setEndAt: g.ends_at ? toIso(g.ends_at) : null,
  }));
}

export async function myNight(db: Db, userId: string, now = clock.now()): Promise<MyNight> {
  const nowIso = now.toISOString();
  const genres = await favouriteGenres(db, userId);
  const mine = myNightsAhead(db, userId);
  const [ticket, friends, suggestions, past, gigs, messages, notifications] = await Promise.all([
    nextTicket(db, userId, now),
    friendsGoing(db, userId, mine, nowIso),
    genreSuggestions(db, genres, mine, nowIso),
    pastCheckIns(db, userId),
    followedGigs(db, userId, nowIso),
    unreadTotal(db, userId),
    unreadCount(db, userId),
  ]);
  return {
    nextTicket: ticket,
    friendsGoing: friends,
    suggestions,
    pastCheckIns: past,
    followedGigs: gigs,
    unread: { messages: messages, notifications: notifications },
    genres,
  };
}
