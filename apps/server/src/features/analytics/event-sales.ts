// An event's sales, each block one aggregate query: by ticket type (sold, money received and expected at the
// door, checked in), by Madrid day and type, by channel (direct or through a promoter) and by promo code.
import { madridWallClock } from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/connect.ts';
import { bucketOf } from './time-buckets.ts';
import { PAID_ORDER_STATUSES, dueAtDoorCents, receivedCents } from './money.ts';

const LIVE = ['valid', 'used'];
const n = (v: unknown) => Number(v ?? 0);

// Each ticket type in its order. `over` is whether the night has ended.
export async function salesByType(db: Db, eventId: string, over: boolean) {
  const types = await db
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
    .execute();
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    capacity: t.capacity,
    sold: n(t.sold),
    revenueCents: n(t.revenue),
    // What is due at the door is expected only while the night is on; after it, those tickets are no-shows.
    expectedAtDoorCents: over ? 0 : n(t.due),
    checkedIn: n(t.checked_in),
  }));
}

// Per hour and type: tickets sold (when they were issued) and money received (a card order when it was
// paid, less its refunds; a door price when its ticket was checked in).
function salesByHour(db: Db, kind: DbKind, eventId: string) {
  return db
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
    .execute();
}

// Hour buckets (counted by the database) gathered into Madrid days, by day then type.
export async function salesByDay(db: Db, kind: DbKind, eventId: string) {
  const hourly = await salesByHour(db, kind, eventId);
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
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day) || a.typeId.localeCompare(b.typeId));
}

// Sold and checked in, direct and through a promoter's code; the guest list is always listed, at zero here.
export async function salesByChannel(db: Db, eventId: string) {
  const channels = await db
    .selectFrom('tickets as t')
    .select((eb) => [
      eb.case().when('t.promo_code', 'is not', null).then('promoter').else('direct').end().as('channel'),
      eb.fn.countAll<number>().as('sold'),
      eb.fn.count<number>(eb.case().when('t.status', '=', 'used').then(1).end()).as('checked_in'),
    ])
    .where('t.event_id', '=', eventId)
    .where('t.status', 'in', LIVE)
    .groupBy(sql.ref('channel'))
    .execute();
  const channelRow = (channel: 'direct' | 'promoter' | 'guest_list') => {
    const row = channels.find((c) => c.channel === channel);
    return { channel, sold: n(row?.sold), checkedIn: n(row?.checked_in) };
  };
  return [channelRow('direct'), channelRow('promoter'), channelRow('guest_list')];
}

// Each promo code with its promoter's name, best sellers first.
export async function salesByPromoter(db: Db, eventId: string) {
  const promoters = await db
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
    .execute();
  return promoters.map((p) => ({
    code: p.promo_code ?? '',
    promoter: p.promoter,
    sold: n(p.sold),
    checkedIn: n(p.checked_in),
  }));
}
