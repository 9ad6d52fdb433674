// A club's figures over a period: each event's sales, entries and money, totals, the latest night against the four
// before it on the same weekday, best nights (of the nights over), repeat customers and top genres. Aggregated by
// the database.
import {
  madridWallClock,
  madridWeekday,
  nightOf,
  nightStart,
  type ClubAnalytics,
  type ClubEventFigures,
} from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import * as clock from '../../clock.ts';
import { expectedAtDoorCents, receivedCents } from './money.ts';

const LIVE = ['valid', 'used'];
const n = (v: unknown) => Number(v ?? 0);
const DAY = 24 * 3600_000;

export function periodOf(query: { from?: string; to?: string }, now = clock.now()) {
  const to = query.to ?? madridWallClock(new Date(now.getTime() + 30 * DAY)).date;
  const from = query.from ?? madridWallClock(new Date(now.getTime() - 90 * DAY)).date;
  return {
    from,
    to,
    fromAt: nightOf(from).from,
    toAt: nightOf(to).to,
  };
}

// Each event with its places, tickets sold (valid or used), people let in, money received and money expected at
// the door, every figure a subquery the database counts.
function eventFigures(db: Db, now: Date) {
  return db.selectFrom('events as e').select((eb) => [
    'e.id',
    'e.slug',
    'e.name',
    'e.start_at',
    'e.end_at',
    'e.status',
    eb
      .selectFrom('ticket_types as tt')
      .select((s) => s.fn.coalesce(s.fn.sum<number>('tt.capacity'), s.lit(0)).as('c'))
      .whereRef('tt.event_id', '=', 'e.id')
      .as('capacity'),
    eb
      .selectFrom('tickets as t')
      .select((s) => s.fn.countAll<number>().as('c'))
      .whereRef('t.event_id', '=', 'e.id')
      .where('t.status', 'in', LIVE)
      .as('sold'),
    receivedCents({ event: 'e.id' }).as('revenue'),
    expectedAtDoorCents({ event: 'e.id' }, 'e.end_at', now).as('expected'),
    eb
      .selectFrom('tickets as t')
      .select((s) => s.fn.countAll<number>().as('c'))
      .whereRef('t.event_id', '=', 'e.id')
      .where('t.status', '=', 'used')
      .as('checked_in'),
  ]);
}

type FiguresRow = Awaited<ReturnType<ReturnType<typeof eventFigures>['execute']>>[number];

function toFigures(e: FiguresRow): ClubEventFigures {
  const startAt = toIso(e.start_at);
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    startAt,
    status: e.status,
    weekday: madridWeekday(new Date(startAt)),
    capacity: n(e.capacity),
    sold: n(e.sold),
    revenueCents: n(e.revenue),
    expectedAtDoorCents: n(e.expected),
    checkedIn: n(e.checked_in),
  };
}

type Period = { from: string; to: string };

// The club's events that start within the period, with their figures.
function eventsIn(db: Db, clubId: string, inPeriod: Period, now: Date) {
  return eventFigures(db, now)
    .where('e.club_id', '=', clubId)
    .where('e.start_at', '>=', inPeriod.from)
    .where('e.start_at', '<', inPeriod.to);
}

type Figures = ReturnType<typeof eventsIn>;

// The period's totals over its published nights; no-shows only of the nights already over.
function periodTotals(db: Db, figures: Figures, now: Date) {
  const nowIso = now.toISOString();
  return db
    .selectFrom(figures.where('e.status', '=', 'published').as('x'))
    .select((eb) => [
      eb.fn.countAll<number>().as('events'),
      eb.fn.sum<number>('x.sold').as('sold'),
      eb.fn.sum<number>('x.revenue').as('revenue'),
      eb.fn.sum<number>('x.expected').as('expected'),
      eb.fn.sum<number>('x.checked_in').as('checked_in'),
      sql<number>`sum(case when x.end_at <= ${nowIso} then x.sold else 0 end)`.as('sold_over'),
      sql<number>`sum(case when x.end_at <= ${nowIso} then x.checked_in else 0 end)`.as('in_over'),
    ])
    .executeTakeFirstOrThrow();
}

// Best nights: only nights already over by the Madrid night rule (they started before tonight's 06:00).
async function bestNights(figures: Figures, now: Date) {
  const rows = await figures
    .where('e.status', '=', 'published')
    .where('e.start_at', '<', new Date(nightStart(now)).toISOString())
    .orderBy('checked_in', 'desc')
    .orderBy('sold', 'desc')
    .orderBy('e.start_at', 'desc')
    .limit(5)
    .execute();
  return rows.map(toFigures);
}

// People who came (a used ticket) to the club's nights of the period, and those who came twice or more.
function customerCounts(db: Db, clubId: string, inPeriod: Period) {
  return db
    .selectFrom(
      db
        .selectFrom('tickets as t')
        .innerJoin('events as e', 'e.id', 't.event_id')
        // Nights, not tickets: two tickets used on one night are one visit.
        .select((eb) => ['t.user_id', eb.fn.count<number>('t.event_id').distinct().as('visits')])
        .where('e.club_id', '=', clubId)
        .where('e.start_at', '>=', inPeriod.from)
        .where('e.start_at', '<', inPeriod.to)
        .where('t.status', '=', 'used')
        .groupBy('t.user_id')
        .as('v'),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('customers'),
      eb.fn.count<number>(eb.case().when('v.visits', '>=', 2).then(1).end()).as('repeat'),
    ])
    .executeTakeFirstOrThrow();
}

// The eight genres of the period's non-draft nights that sold the most tickets.
async function topGenres(db: Db, clubId: string, inPeriod: Period) {
  const genres = await db
    .selectFrom('event_genres as g')
    .innerJoin('events as e', 'e.id', 'g.event_id')
    .leftJoin('tickets as t', (j) => j.onRef('t.event_id', '=', 'e.id').on('t.status', 'in', LIVE))
    .select((eb) => [
      'g.genre',
      eb.fn.count<number>('e.id').distinct().as('events'),
      eb.fn.count<number>('t.id').as('sold'),
    ])
    .where('e.club_id', '=', clubId)
    .where('e.start_at', '>=', inPeriod.from)
    .where('e.start_at', '<', inPeriod.to)
    .where('e.status', '!=', 'draft')
    .groupBy('g.genre')
    .orderBy(sql.ref('sold'), 'desc')
    .orderBy('g.genre')
    .limit(8)
    .execute();
  return genres.map((g) => ({ genre: g.genre, events: n(g.events), sold: n(g.sold) }));
}

// The latest night that has started, and the four before it on the same weekday.
function comparisonOf(events: ClubEventFigures[], now: Date): ClubAnalytics['comparison'] {
  const held = events.filter((e) => e.status === 'published');
  const started = held.filter((e) => new Date(e.startAt) <= now);
  const latest = started.at(-1) ?? null;
  const nights = latest
    ? started
        .filter((e) => e.weekday === latest.weekday)
        .slice(-5)
        .reverse()
    : [];
  return { weekday: latest?.weekday ?? null, nights };
}

function totalsOf(
  totals: Awaited<ReturnType<typeof periodTotals>>,
  customers: Awaited<ReturnType<typeof customerCounts>>,
): ClubAnalytics['totals'] {
  const soldOver = n(totals.sold_over);
  return {
    events: n(totals.events),
    sold: n(totals.sold),
    revenueCents: n(totals.revenue),
    expectedAtDoorCents: n(totals.expected),
    checkedIn: n(totals.checked_in),
    customers: n(customers.customers),
    repeatCustomers: n(customers.repeat),
    noShowRate: soldOver > 0 ? (soldOver - n(totals.in_over)) / soldOver : null,
  };
}

export async function clubAnalytics(
  db: Db,
  clubId: string,
  query: { from?: string; to?: string },
  now = clock.now(),
): Promise<ClubAnalytics> {
  const club = await db
    .selectFrom('clubs')
    .select(['id', 'slug', 'name', 'capacity'])
    .where('id', '=', clubId)
    .executeTakeFirstOrThrow();
  const period = periodOf(query, now);
  const inPeriod = { from: period.fromAt.toISOString(), to: period.toAt.toISOString() };

  const figures = () => eventsIn(db, clubId, inPeriod, now);
  const [eventRows, totals, best, customers, genres] = await Promise.all([
    figures().where('e.status', '!=', 'draft').orderBy('e.start_at').execute(),
    periodTotals(db, figures(), now),
    bestNights(figures(), now),
    customerCounts(db, clubId, inPeriod),
    topGenres(db, clubId, inPeriod),
  ]);
  const events = eventRows.map(toFigures);

  return {
    club: { id: club.id, slug: club.slug, name: club.name, capacity: club.capacity },
    period: { from: period.from, to: period.to },
    totals: totalsOf(totals, customers),
    events,
    comparison: comparisonOf(events, now),
    bestNights: best,
    topGenres: genres,
  };
}
