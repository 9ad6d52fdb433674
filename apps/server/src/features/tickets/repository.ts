// SQL for ticket types, orders, holdings, tickets and their history. Every function takes the Kysely instance
// or an open transaction. The two guards that decide races live here, as single conditional statements:
// reserveSeats() (capacity) and addHolding() (per-person limit).
import type { Insertable, Kysely } from 'kysely';
import type { Database, TicketHistoryTable, TicketOrdersTable, TicketsTable } from '../../db/schema.ts';
import { reusableQuery, reusableWrite } from '../../db/compiled-query.ts';
import { randomTicketCode } from '@nocturna/shared';

type Q = Kysely<Database>;

// ---- ticket types ----------------------------------------------------------------------------------------

// Where a ticket takes you: the club as the ticket screens and the sale's answer show it.
const CLUB_COLUMNS = [
  'clubs.id as club_id',
  'clubs.slug as club_slug',
  'clubs.name as club_name',
  'clubs.barrio as club_barrio',
  'clubs.address as club_address',
  'clubs.latitude as club_latitude',
  'clubs.longitude as club_longitude',
] as const;

export function selectTypesWithEvent(db: Q) {
  return db
    .selectFrom('ticket_types')
    .innerJoin('events', 'events.id', 'ticket_types.event_id')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'ticket_types.id',
      'ticket_types.event_id',
      'ticket_types.position',
      'ticket_types.name',
      'ticket_types.kind',
      'ticket_types.price_cents',
      'ticket_types.currency',
      'ticket_types.capacity',
      'ticket_types.sold',
      'ticket_types.sales_from',
      'ticket_types.sales_until',
      'ticket_types.entry_until',
      'ticket_types.per_person_limit',
      'ticket_types.hidden',
      'ticket_types.sales_paused',
      'events.name as event_name',
      'events.start_at as event_start_at',
      'events.end_at as event_end_at',
      'events.status as event_status',
      'events.slug as event_slug',
      'events.cover_url as event_cover_url',
      ...CLUB_COLUMNS,
      'clubs.cancel_hours_before as club_cancel_hours_before',
    ]);
}
export type TypeWithEvent = NonNullable<Awaited<ReturnType<typeof findTypeWithEvent>>>;

export async function findTypeWithEvent(db: Q, ticketTypeId: string) {
  return selectTypesWithEvent(db).where('ticket_types.id', '=', ticketTypeId).executeTakeFirst();
}

// The type about to be sold and, in the same round trip, the buyer's earlier order with this key (a retry).
// The statements of a sale are compiled once (db/compiled-query.ts): in a flash sale every buyer runs them.
const typeForOrder = reusableQuery(
  (db: Q, v: { ticketTypeId: string; userId: string; idempotencyKey: string }) => {
    const prior = (column: 'id' | 'request_hash') =>
      db
        .selectFrom('ticket_orders')
        .select(column)
        .where('user_id', '=', v.userId)
        .where('idempotency_key', '=', v.idempotencyKey);
    return selectTypesWithEvent(db)
      .select([prior('id').as('prior_order_id'), prior('request_hash').as('prior_order_hash')])
      .where('ticket_types.id', '=', v.ticketTypeId);
  },
);

export async function findTypeForOrder(db: Q, ticketTypeId: string, userId: string, idempotencyKey: string) {
  const [row] = await typeForOrder(db, { ticketTypeId, userId, idempotencyKey });
  return row;
}

export async function typesOfEvent(db: Q, eventId: string) {
  return selectTypesWithEvent(db)
    .where('ticket_types.event_id', '=', eventId)
    .orderBy('ticket_types.position')
    .execute();
}

// The event's types a promoter code unlocks (codes are stored upper-case).
export async function typesUnlockedBy(db: Q, eventId: string, code: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('ticket_type_codes')
    .innerJoin('ticket_types', 'ticket_types.id', 'ticket_type_codes.ticket_type_id')
    .select('ticket_type_codes.ticket_type_id')
    .where('ticket_types.event_id', '=', eventId)
    .where('ticket_type_codes.code', '=', code)
    .execute();
  return new Set(rows.map((r) => r.ticket_type_id));
}

export async function codeUnlocksType(db: Q, ticketTypeId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('ticket_type_codes')
    .select('code')
    .where('ticket_type_id', '=', ticketTypeId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}

// THE capacity guard: the row only changes while the places last, so two buyers can never take the same last
// place. On PostgreSQL (READ COMMITTED) a concurrent UPDATE waits for the row lock and re-checks the condition
// against the committed value; on SQLite writers are serialised. Returns false when sold out.
const reserve = reusableWrite((db: Q, v: { ticketTypeId: string; quantity: number }) =>
  db
    .updateTable('ticket_types')
    .set((eb) => ({ sold: eb('sold', '+', v.quantity) }))
    .where('id', '=', v.ticketTypeId)
    .where((eb) => eb(eb('sold', '+', v.quantity), '<=', eb.ref('capacity'))),
);

export async function reserveSeats(db: Q, ticketTypeId: string, quantity: number): Promise<boolean> {
  return (await reserve(db, { ticketTypeId, quantity })) === 1;
}

export async function releaseSeat(db: Q, ticketTypeId: string): Promise<void> {
  await db
    .updateTable('ticket_types')
    .set((eb) => ({ sold: eb('sold', '-', 1) }))
    .where('id', '=', ticketTypeId)
    .where('sold', '>', 0)
    .execute();
}

// ---- holdings (per-person limit) -------------------------------------------------------------------------

// THE per-person guard: one row per (person, type), grown only while `held + n <= limit`. The upsert locks the
// person's row, so parallel requests of one person are decided one after the other on the committed count.
// Returns false when the person would go over the limit.
const holding = reusableWrite(
  (db: Q, v: { userId: string; ticketTypeId: string; quantity: number; heldAtMost: number }) =>
    db
      .insertInto('ticket_holdings')
      .values({ user_id: v.userId, ticket_type_id: v.ticketTypeId, held: v.quantity })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'ticket_type_id'])
          .doUpdateSet((eb) => ({ held: eb('ticket_holdings.held', '+', v.quantity) }))
          .where('ticket_holdings.held', '<=', v.heldAtMost),
      ),
);

export async function addHolding(
  db: Q,
  userId: string,
  ticketTypeId: string,
  quantity: number,
  limit: number,
): Promise<boolean> {
  if (quantity > limit) return false;
  return (await holding(db, { userId, ticketTypeId, quantity, heldAtMost: limit - quantity })) === 1;
}

export async function releaseHolding(db: Q, userId: string, ticketTypeId: string): Promise<void> {
  await db
    .updateTable('ticket_holdings')
    .set((eb) => ({ held: eb('held', '-', 1) }))
    .where('user_id', '=', userId)
    .where('ticket_type_id', '=', ticketTypeId)
    .where('held', '>', 0)
    .execute();
}

export async function heldBy(db: Q, userId: string, ticketTypeIds: string[]): Promise<Map<string, number>> {
  if (ticketTypeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ticket_holdings')
    .select(['ticket_type_id', 'held'])
    .where('user_id', '=', userId)
    .where('ticket_type_id', 'in', ticketTypeIds)
    .execute();
  return new Map(rows.map((r) => [r.ticket_type_id, Number(r.held)]));
}

// ---- orders (idempotency) --------------------------------------------------------------------------------

export async function findOrder(db: Q, userId: string, idempotencyKey: string) {
  return db
    .selectFrom('ticket_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

// False when an order with this key exists already (a retry, or the same request racing itself).
const newOrder = reusableWrite((db: Q, row: TicketOrdersTable) =>
  db
    .insertInto('ticket_orders')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing()),
);

export async function insertOrder(db: Q, row: TicketOrdersTable): Promise<boolean> {
  return (await newOrder(db, row)) === 1;
}

// ---- tickets -----------------------------------------------------------------------------------------------

export type NewTicket = Omit<Insertable<TicketsTable>, 'id' | 'qr_code' | 'token_issued_at' | 'code'>;

// A ticket's id is `<userId>_<eventId>`; a person's further tickets for the same event get `_2`, `_3`…
// Each ticket also draws a short code, unique per event. Both are claimed with ON CONFLICT DO NOTHING (a first
// ticket, the usual case, costs one statement, and a conflict never aborts the surrounding transaction): when
// nothing was written, the id is looked up to tell a taken id (try the next one) from a taken code (draw again).
const newTicket = reusableWrite((db: Q, row: Insertable<TicketsTable>) =>
  db
    .insertInto('tickets')
    .values(row)
    .onConflict((oc) => oc.doNothing()),
);

export async function insertTicketWithFreshId(
  db: Q,
  ticket: NewTicket,
  sign: (id: string, issuedAt: Date, code: string) => string,
  issuedAt: Date,
  drawCode: () => string = randomTicketCode,
): Promise<{ id: string; token: string; code: string }> {
  const base = `${ticket.user_id}_${ticket.event_id}`;
  for (let n = 1; ;) {
    const id = n === 1 ? base : `${base}_${n}`;
    const code = drawCode();
    const token = sign(id, issuedAt, code);
    const row = { ...ticket, id, code, qr_code: token, token_issued_at: issuedAt.toISOString() };
    if ((await newTicket(db, row)) === 1) return { id, token, code };
    const idTaken = await db.selectFrom('tickets').select('id').where('id', '=', id).executeTakeFirst();
    if (idTaken) n++;
  }
}

// Moves a valid ticket of this holder to another status; false when it is no longer valid (used at the door,
// cancelled or transferred in the meantime): the database decides which of two racing changes wins.
export async function leaveValid(
  db: Q,
  ticketId: string,
  userId: string,
  change: {
    status: 'cancelled' | 'transferred';
    cancelled_at?: string;
    transferred_to?: string;
    updated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('tickets')
    .set(change)
    .where('id', '=', ticketId)
    .where('user_id', '=', userId)
    .where('status', '=', 'valid')
    // A ticket up for resale stays put until it is withdrawn or sold.
    .where('resale_listed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const historyRow = reusableWrite((db: Q, row: TicketHistoryTable) =>
  db.insertInto('ticket_history').values(row),
);

export async function insertHistory(db: Q, rows: TicketHistoryTable[]): Promise<void> {
  // One line (a sale of one, a check-in) is the common case and has one compiled shape.
  if (rows.length === 1) await historyRow(db, rows[0]!);
  else if (rows.length) await db.insertInto('ticket_history').values(rows).execute();
}

// A ticket with everything its screen shows: event, club, type and the people of a transfer.
export function selectTicketViews(db: Q) {
  return db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .leftJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .leftJoin('tickets as to_ticket', 'to_ticket.id', 'tickets.transferred_to')
    .leftJoin('users as to_user', 'to_user.id', 'to_ticket.user_id')
    .leftJoin('tickets as from_ticket', 'from_ticket.id', 'tickets.transferred_from')
    .leftJoin('users as from_user', 'from_user.id', 'from_ticket.user_id')
    .select([
      'tickets.id',
      'tickets.user_id',
      'tickets.event_id',
      'tickets.ticket_type_id',
      'tickets.type',
      'tickets.price_cents',
      'tickets.status',
      'tickets.payment_status',
      'tickets.holder_name',
      'tickets.qr_code',
      'tickets.code',
      'tickets.token_issued_at',
      'tickets.created_at',
      'tickets.check_in_at',
      'tickets.cancelled_at',
      'tickets.promoter_id',
      'tickets.guest_list_id',
      'tickets.resale_listed_at',
      'ticket_types.name as type_name',
      'ticket_types.entry_until',
      'events.slug as event_slug',
      'events.name as event_name',
      'events.start_at as event_start_at',
      'events.end_at as event_end_at',
      'events.cover_url as event_cover_url',
      ...CLUB_COLUMNS,
      'clubs.cancel_hours_before as club_cancel_hours_before',
      'to_user.id as to_user_id',
      'to_user.name as to_user_name',
      'to_user.username as to_user_username',
      'from_user.id as from_user_id',
      'from_user.name as from_user_name',
      'from_user.username as from_user_username',
    ]);
}
export type TicketViewRow = Awaited<
  ReturnType<ReturnType<typeof selectTicketViews>['executeTakeFirstOrThrow']>
>;

export async function findTicketView(db: Q, ticketId: string, userId: string) {
  return selectTicketViews(db)
    .where('tickets.id', '=', ticketId)
    .where('tickets.user_id', '=', userId)
    .executeTakeFirst();
}

export async function ticketViewsOfOrder(db: Q, orderId: string) {
  return selectTicketViews(db).where('tickets.order_id', '=', orderId).orderBy('tickets.id').execute();
}

const LIVE_STATUSES = ['valid', 'used'];

// Upcoming: live tickets of events that have not ended, soonest first. Past: everything else, latest first.
export async function listTicketViews(
  db: Q,
  userId: string,
  options: { when: 'upcoming' | 'past'; now: string; after?: [string, string]; limit: number },
) {
  let q = selectTicketViews(db).where('tickets.user_id', '=', userId);
  if (options.when === 'upcoming') {
    q = q.where('events.end_at', '>', options.now).where('tickets.status', 'in', LIVE_STATUSES);
    if (options.after) {
      const [at, id] = options.after;
      q = q.where((eb) =>
        eb.or([
          eb('events.start_at', '>', at),
          eb.and([eb('events.start_at', '=', at), eb('tickets.id', '>', id)]),
        ]),
      );
    }
    return q
      .orderBy('events.start_at', 'asc')
      .orderBy('tickets.id', 'asc')
      .limit(options.limit + 1)
      .execute();
  }
  q = q.where((eb) =>
    eb.or([eb('events.end_at', '<=', options.now), eb('tickets.status', 'not in', LIVE_STATUSES)]),
  );
  if (options.after) {
    const [at, id] = options.after;
    q = q.where((eb) =>
      eb.or([
        eb('events.start_at', '<', at),
        eb.and([eb('events.start_at', '=', at), eb('tickets.id', '<', id)]),
      ]),
    );
  }
  return q
    .orderBy('events.start_at', 'desc')
    .orderBy('tickets.id', 'desc')
    .limit(options.limit + 1)
    .execute();
}

export async function historyOf(db: Q, ticketId: string) {
  return db
    .selectFrom('ticket_history')
    .leftJoin('users', 'users.id', 'ticket_history.counterpart_id')
    .select([
      'ticket_history.action',
      'ticket_history.created_at',
      'users.id as counterpart_id',
      'users.name as counterpart_name',
      'users.username as counterpart_username',
    ])
    .where('ticket_history.ticket_id', '=', ticketId)
    .orderBy('ticket_history.created_at')
    .orderBy('ticket_history.id')
    .execute();
}

export async function findUserName(db: Q, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
