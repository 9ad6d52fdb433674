// An event's figures, each one an aggregate query: sales and money (money.ts: received, and expected at the door)
// by type and over time, entries by 15-minute slot, channels and promoters (event-sales.ts), no-shows,
// transfers, cancellations, and the age and gender mix of who bought (event-audience.ts).
import { madridWallClock, type EventAnalytics } from '@nocturna/shared';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { bucketOf } from './time-buckets.ts';
import { doorFigures } from './door-figures.ts';
import * as clock from '../../clock.ts';
import { dueAtDoorCents, receivedCents } from './money.ts';
import { salesByChannel, salesByDay, salesByPromoter, salesByType } from './event-sales.ts';
import { ageMix, genderMix } from './event-audience.ts';

const n = (v: unknown) => Number(v ?? 0);

// The event with its club, and its money received and due at the door; throws when there is no such event.
function eventHeader(db: Db, eventId: string) {
  return db
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
}

type EventHeader = Awaited<ReturnType<typeof eventHeader>>;

// Admitted entries per 15-minute slot, in order.
async function entriesBySlot(db: Db, kind: DbKind, eventId: string) {
  const slots = await db
    .selectFrom('check_ins as c')
    .select((eb) => [bucketOf(kind, 'c.scanned_at', 900).as('slot'), eb.fn.countAll<number>().as('entries')])
    .where('c.event_id', '=', eventId)
    .where('c.outcome', '=', 'admitted')
    .groupBy(sql.ref('slot'))
    .orderBy(sql.ref('slot'))
    .execute();
  return slots.map((s) => ({ slot: new Date(n(s.slot) * 900_000).toISOString(), entries: n(s.entries) }));
}

// Tickets let in at least once (a ticket scanned back in after a smoke counts once).
async function peopleLetIn(db: Db, eventId: string) {
  const row = await db
    .selectFrom('check_ins')
    .select((eb) => eb.fn.count<number>('ticket_id').distinct().as('people'))
    .where('event_id', '=', eventId)
    .where('outcome', '=', 'admitted')
    .executeTakeFirstOrThrow();
  return n(row.people);
}

async function transferCount(db: Db, eventId: string) {
  const row = await db
    .selectFrom('ticket_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('action', '=', 'transferred')
    .executeTakeFirstOrThrow();
  return n(row.n);
}

async function cancellationCount(db: Db, eventId: string) {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'cancelled')
    .executeTakeFirstOrThrow();
  return n(row.n);
}

function eventCard(event: EventHeader): EventAnalytics['event'] {
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    clubId: event.club_id,
    clubName: event.club_name,
    startAt: toIso(event.start_at),
    endAt: toIso(event.end_at),
    status: event.status,
  };
}

// The headline figures, from the header, the per-type rows and the door's counts.
function summaryOf(
  event: EventHeader,
  over: boolean,
  byType: EventAnalytics['byType'],
  counts: { letIn: number; outNow: number; refused: number; transfers: number; cancellations: number },
): EventAnalytics['summary'] {
  const sold = byType.reduce((s, t) => s + t.sold, 0);
  const checkedIn = byType.reduce((s, t) => s + t.checkedIn, 0);
  return {
    capacity: byType.reduce((s, t) => s + t.capacity, 0),
    aforo: Number(event.club_capacity),
    sold,
    revenueCents: n(event.revenue),
    // What is due at the door is expected only while the night is on; after it, those tickets are no-shows.
    expectedAtDoorCents: over ? 0 : n(event.due),
    checkedIn,
    // Everyone let in who has not gone out (to smoke) and not come back, until the night ends.
    insideNow: over ? 0 : Math.max(0, counts.letIn - counts.outNow),
    refused: counts.refused,
    noShowRate: over && sold > 0 ? (sold - checkedIn) / sold : null,
    transfers: counts.transfers,
    cancellations: counts.cancellations,
  };
}

export async function eventAnalytics(
  db: Db,
  kind: DbKind,
  eventId: string,
  now = clock.now(),
): Promise<EventAnalytics> {
  const event = await eventHeader(db, eventId);
  const eventDay = madridWallClock(new Date(toIso(event.start_at))).date;
  const over = new Date(toIso(event.end_at)) <= now;

  const [
    byType,
    salesOverTime,
    checkinsBySlot,
    byChannel,
    promoters,
    letIn,
    transfers,
    cancellations,
    ages,
    genders,
    door,
  ] = await Promise.all([
    salesByType(db, eventId, over),
    salesByDay(db, kind, eventId),
    entriesBySlot(db, kind, eventId),
    salesByChannel(db, eventId),
    salesByPromoter(db, eventId),
    peopleLetIn(db, eventId),
    transferCount(db, eventId),
    cancellationCount(db, eventId),
    ageMix(db, eventId, eventDay),
    genderMix(db, eventId),
    doorFigures(db, eventId),
  ]);

  return {
    event: eventCard(event),
    summary: summaryOf(event, over, byType, {
      letIn,
      outNow: door.outNow,
      refused: door.refused,
      transfers,
      cancellations,
    }),
    byType,
    refusalsByReason: door.refusalsByReason,
    salesOverTime,
    checkinsBySlot,
    byChannel,
    promoters,
    ages,
    genders,
  };
}
