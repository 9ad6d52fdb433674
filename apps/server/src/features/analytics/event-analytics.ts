// An event's figures, each one an aggregate query: sales and money (money.ts: received, and expected at the door)
// by type and over time, entries by 15-minute slot,
// channels and promoters, no-shows, transfers, cancellations, and the age and gender mix of who bought.
import { madridWallClock, type EventAnalytics } from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { bucketOf } from './time-buckets.ts';
import { doorFigures } from './door-figures.ts';
import * as clock from '../../clock.ts';
import { PAID_ORDER_STATUSES, dueAtDoorCents, receivedCents } from './money.ts';

const LIVE = ['valid', 'used'];
const n = (v: unknown) => Number(v ?? 0);

export async function eventAnalytics(
  db: Db,
  kind: DbKind,
  eventId: string,
  now = clock.now(),
): Promise<EventAnalytics> {
  const event = await db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'events.id',
      'events.slug',
      'events.name',
      'events.club_id',
      'clubs.name as club_name',
      'clubs.capacity as club_capacity',
      'events.start_at',
      'events.end_at',
      'events.status',
      receivedCents({ event: 'events.id' }).as('revenue'),
      dueAtDoorCents({ event: 'events.id' }).as('due'),
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirstOrThrow();
  const eventDay = madridWallClock(new Date(toIso(event.start_at))).date;

  const [types, hourly, slots, channels, promoters, entries, history, cancelled, ages, genders, door] =
    await Promise.all([
      db
        .selectFrom('ticket_types as tt')
        .leftJoin('tickets as t', (j) => j.onRef('t.ticket_type_id', '=', 'tt.id').on('t.status', 'in', LIVE))
        .select((eb) => [
          'tt.id',
          'tt.name',
          'tt.capacity',
          eb.fn.count<number>('t.id').as('sold'),
          receivedCents({ event: 'tt.event_id', type: 'tt.id' }).as('revenue'),
          dueAtDoorCents({ event: 'tt.event_id', type: 'tt.id' }).as('due'),
          eb.fn.count<number>(eb.case().when('t.status', '=', 'used').then(1).end()).as('checked_in'),
        ])
        .where('tt.event_id', '=', eventId)
        .groupBy(['tt.id', 'tt.event_id', 'tt.name', 'tt.capacity', 'tt.position'])
        .orderBy('tt.position')
        .execute(),
      // Per hour and type: tickets sold (when they were issued) and money received (a card order when it was
      // paid, less its refunds; a door price when its ticket was checked in).
      db
        .selectFrom('tickets as t')
        .select((eb) => [
          bucketOf(kind, 't.created_at', 3600).as('hour'),
          't.ticket_type_id',
          eb.fn.countAll<number>().as('tickets'),
          sql<number>`0`.as('revenue'),
        ])
        .where('t.event_id', '=', eventId)
        .where('t.status', 'in', LIVE)
        .groupBy([sql.ref('hour'), 't.ticket_type_id'])
        .unionAll(
          db
            .selectFrom('payment_orders as po')
            .select([
              bucketOf(kind, 'po.paid_at', 3600).as('hour'),
              'po.ticket_type_id',
              sql<number>`0`.as('tickets'),
              sql<number>`sum(po.total_cents - po.refunded_cents)`.as('revenue'),
            ])
            .where('po.event_id', '=', eventId)
            .where('po.status', 'in', PAID_ORDER_STATUSES)
            .where('po.paid_at', 'is not', null)
            .groupBy([sql.ref('hour'), 'po.ticket_type_id']),
        )
        .unionAll(
          db
            .selectFrom('tickets as t')
            .select([
              bucketOf(kind, 't.check_in_at', 3600).as('hour'),
              't.ticket_type_id',
              sql<number>`0`.as('tickets'),
              sql<number>`sum(t.price_cents)`.as('revenue'),
            ])
            .where('t.event_id', '=', eventId)
            .where('t.payment_status', '=', 'due_at_door')
            .where('t.status', '=', 'used')
            .where('t.check_in_at', 'is not', null)
            .groupBy([sql.ref('hour'), 't.ticket_type_id']),
        )
        .execute(),
      db
        .selectFrom('check_ins as c')
        .select((eb) => [
          bucketOf(kind, 'c.scanned_at', 900).as('slot'),
          eb.fn.countAll<number>().as('entries'),
        ])
        .where('c.event_id', '=', eventId)
        .where('c.outcome', '=', 'admitted')
        .groupBy(sql.ref('slot'))
        .orderBy(sql.ref('slot'))
        .execute(),
      db
        .selectFrom('tickets as t')
        .select((eb) => [
          eb.case().when('t.promo_code', 'is not', null).then('promoter').else('direct').end().as('channel'),
          eb.fn.countAll<number>().as('sold'),
          eb.fn.count<number>(eb.case().when('t.status', '=', 'used').then(1).end()).as('checked_in'),
        ])
        .where('t.event_id', '=', eventId)
        .where('t.status', 'in', LIVE)
        .groupBy(sql.ref('channel'))
        .execute(),
      db
        .selectFrom('tickets as t')
        .leftJoin('ticket_type_codes as code', (j) =>
          j.onRef('code.ticket_type_id', '=', 't.ticket_type_id').onRef('code.code', '=', 't.promo_code'),
        )
        .leftJoin('users as p', 'p.id', 'code.promoter_id')
        .select((eb) => [
          't.promo_code',
          'p.name as promoter',
          eb.fn.countAll<number>().as('sold'),
          eb.fn.count<number>(eb.case().when('t.status', '=', 'used').then(1).end()).as('checked_in'),
        ])
        .where('t.event_id', '=', eventId)
        .where('t.status', 'in', LIVE)
        .where('t.promo_code', 'is not', null)
        .groupBy(['t.promo_code', 'p.name'])
        .orderBy('sold', 'desc')
        .orderBy('t.promo_code')
        .execute(),
      db
        .selectFrom('check_ins')
        .select((eb) => eb.fn.count<number>('ticket_id').distinct().as('people'))
        .where('event_id', '=', eventId)
        .where('outcome', '=', 'admitted')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('ticket_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', eventId)
        .where('action', '=', 'transferred')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', eventId)
        .where('status', '=', 'cancelled')
        .executeTakeFirstOrThrow(),
      ageMix(db, eventId, eventDay),
      db
        .selectFrom('tickets as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select((eb) => [
          eb.fn.coalesce('u.gender', eb.val('unknown')).as('gender'),
          eb.fn.count<number>('t.user_id').distinct().as('people'),
        ])
        .where('t.event_id', '=', eventId)
        .where('t.status', 'in', LIVE)
        .groupBy(sql.ref('gender'))
        .orderBy('people', 'desc')
        .execute(),
      doorFigures(db, eventId),
    ]);

  const over = new Date(toIso(event.end_at)) <= now;
  const byType = types.map((t) => ({
    id: t.id,
    name: t.name,
    capacity: t.capacity,
    sold: n(t.sold),
    revenueCents: n(t.revenue),
    // What is due at the door is expected only while the night is on; after it, those tickets are no-shows.
    expectedAtDoorCents: over ? 0 : n(t.due),
    checkedIn: n(t.checked_in),
  }));
  const sold = byType.reduce((s, t) => s + t.sold, 0);
  const checkedIn = byType.reduce((s, t) => s + t.checkedIn, 0);

  // Hour buckets (counted by the database) gathered into Madrid days.
  const days = new Map<string, { day: string; typeId: string; tickets: number; revenueCents: number }>();
  for (const h of hourly) {
    const day = madridWallClock(new Date(n(h.hour) * 3600_000)).date;
    const typeId = h.ticket_type_id ?? 'other';
    const key = `${day}|${typeId}`;
    const row = days.get(key) ?? { day, typeId, tickets: 0, revenueCents: 0 };
    row.tickets += n(h.tickets);
    row.revenueCents += n(h.revenue);
    days.set(key, row);
  }

  const channelRow = (channel: 'direct' | 'promoter' | 'guest_list') => {
    const row = channels.find((c) => c.channel === channel);
    return { channel, sold: n(row?.sold), checkedIn: n(row?.checked_in) };
  };

  return {
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      clubId: event.club_id,
      clubName: event.club_name,
      startAt: toIso(event.start_at),
      endAt: toIso(event.end_at),
      status: event.status,
    },
    summary: {
      capacity: byType.reduce((s, t) => s + t.capacity, 0),
      aforo: Number(event.club_capacity),
      sold,
      revenueCents: n(event.revenue),
      expectedAtDoorCents: over ? 0 : n(event.due),
      checkedIn,
      // Everyone let in who has not gone out (to smoke) and not come back, until the night ends.
      insideNow: over ? 0 : Math.max(0, n(entries.people) - door.outNow),
      refused: door.refused,
      noShowRate: over && sold > 0 ? (sold - checkedIn) / sold : null,
      transfers: n(history.n),
      cancellations: n(cancelled.n),
    },
    byType,
    refusalsByReason: door.refusalsByReason,
    salesOverTime: [...days.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || a.typeId.localeCompare(b.typeId),
    ),
    checkinsBySlot: slots.map((s) => ({
      slot: new Date(n(s.slot) * 900_000).toISOString(),
      entries: n(s.entries),
    })),
    byChannel: [channelRow('direct'), channelRow('promoter'), channelRow('guest_list')],
    promoters: promoters.map((p) => ({
      code: p.promo_code ?? '',
      promoter: p.promoter,
      sold: n(p.sold),
      checkedIn: n(p.checked_in),
    })),
    ages,
    genders: genders.map((g) => ({ gender: String(g.gender), people: n(g.people) })),
  };
}

const AGE_BUCKETS = ['18–20', '21–24', '25–29', '30–34', '35+'] as const;

// Age on the night, from the profile's date of birth (YYYY-MM-DD text), bucketed by the database.
async function ageMix(db: Db, eventId: string, eventDay: string) {
  const age = sql<number>`(cast(substr(${eventDay}, 1, 4) as integer) - cast(substr(u.date_of_birth, 1, 4) as integer)
    - case when substr(${eventDay}, 6, 5) < substr(u.date_of_birth, 6, 5) then 1 else 0 end)`;
  const bucket = sql<string>`case
      when ${age} < 21 then '18–20'
      when ${age} < 25 then '21–24'
      when ${age} < 30 then '25–29'
      when ${age} < 35 then '30–34'
      else '35+' end`;
  const rows = await db
    .selectFrom('tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [bucket.as('bucket'), eb.fn.count<number>('t.user_id').distinct().as('people')])
    .where('t.event_id', '=', eventId)
    .where('t.status', 'in', LIVE)
    .where('u.date_of_birth', 'is not', null)
    .groupBy(sql.ref('bucket'))
    .execute();
  return AGE_BUCKETS.map((b) => ({ bucket: b, people: n(rows.find((r) => r.bucket === b)?.people) }));
}
