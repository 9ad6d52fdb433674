// A club's figures over a period: each event's sales and entries, totals, the latest night against the four
// before it on the same weekday, best nights, repeat customers and top genres. Aggregated by the database.
import {
  madridWallClock,
  madridWeekday,
  nightOf,
  type ClubAnalytics,
  type ClubEventFigures,
} from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import * as clock from '../../clock.ts';

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

  const [eventRows, customers, genres] = await Promise.all([
    db
      .selectFrom('events as e')
      .select((eb) => [
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
        eb
          .selectFrom('tickets as t')
          .select((s) => s.fn.coalesce(s.fn.sum<number>('t.price_cents'), s.lit(0)).as('c'))
          .whereRef('t.event_id', '=', 'e.id')
          .where('t.status', 'in', LIVE)
          .as('revenue'),
        eb
          .selectFrom('tickets as t')
          .select((s) => s.fn.countAll<number>().as('c'))
          .whereRef('t.event_id', '=', 'e.id')
          .where('t.status', '=', 'used')
          .as('checked_in'),
      ])
      .where('e.club_id', '=', clubId)
      .where('e.start_at', '>=', inPeriod.from)
      .where('e.start_at', '<', inPeriod.to)
      .where('e.status', '!=', 'draft')
      .orderBy('e.start_at')
      .execute(),
    // People who came (a used ticket) to the club's nights of the period, and those who came twice or more.
    db
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
      .executeTakeFirstOrThrow(),
    db
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
      .execute(),
  ]);

  const events: ClubEventFigures[] = eventRows.map((e) => {
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
      checkedIn: n(e.checked_in),
    };
  });
  const held = events.filter((e) => e.status === 'published');
  const over = eventRows
    .filter((e) => e.status === 'published' && new Date(toIso(e.end_at)) <= now)
    .map((e) => events.find((x) => x.id === e.id)!);
  const soldOver = over.reduce((s, e) => s + e.sold, 0);
  const inOver = over.reduce((s, e) => s + e.checkedIn, 0);

  // The latest night that has started, and the four before it on the same weekday.
  const started = held.filter((e) => new Date(e.startAt) <= now);
  const latest = started.at(-1) ?? null;
  const comparison = latest
    ? started
        .filter((e) => e.weekday === latest.weekday)
        .slice(-5)
        .reverse()
    : [];

  return {
    club: { id: club.id, slug: club.slug, name: club.name, capacity: club.capacity },
    period: { from: period.from, to: period.to },
    totals: {
      events: held.length,
      sold: held.reduce((s, e) => s + e.sold, 0),
      revenueCents: held.reduce((s, e) => s + e.revenueCents, 0),
      checkedIn: held.reduce((s, e) => s + e.checkedIn, 0),
      customers: n(customers.customers),
      repeatCustomers: n(customers.repeat),
      noShowRate: soldOver > 0 ? (soldOver - inOver) / soldOver : null,
    },
    events,
    comparison: { weekday: latest?.weekday ?? null, nights: comparison },
    bestNights: [...held].sort((a, b) => b.checkedIn - a.checkedIn || b.sold - a.sold).slice(0, 5),
    topGenres: genres.map((g) => ({ genre: g.genre, events: n(g.events), sold: n(g.sold) })),
  };
}
