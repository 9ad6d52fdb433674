// SQL of the door: events as a door sees them, tickets with their entry, the atomic "mark used", entries and
// aforo (what the doors flag is door-conflict-repository.ts). Every function takes the Kysely instance or an open transaction.
import { sql, type Kysely } from 'kysely';
import { TICKET_CODE_ALPHABET, foldForSearch, normalizeTicketCode } from '@nocturna/shared';
import type { CheckInsTable, Database, NotificationsTable, TicketHistoryTable } from '../../db/schema.ts';
import { canScanClubSql } from '../club-staff/index.ts';
import { escapeLike } from '../../db/like.ts';
import { reusableQuery, reusableWrite } from '../../db/compiled-query.ts';

type Q = Kysely<Database>;

function doorEvents(db: Q, userId: string) {
  return db
    .selectFrom('events')
    .innerJoin('clubs', 'clubs.id', 'events.club_id')
    .select([
      'events.id',
      'events.slug',
      'events.name',
      'events.club_id',
      'clubs.name as club_name',
      'events.start_at',
      'events.end_at',
      'events.status',
      'events.reentry_policy',
      'events.reentry_until',
      canScanClubSql(userId, 'events.club_id').as('allowed'),
    ]);
}

// The event and, in the same query, whether this person may scan its tickets. Every scan asks, so the
// statements of a scan are compiled once (db/compiled-query.ts).
const doorEvent = reusableQuery((db: Q, v: { eventId: string; userId: string }) =>
  doorEvents(db, v.userId).where((eb) =>
    eb.or([eb('events.id', '=', v.eventId), eb('events.slug', '=', v.eventId)]),
  ),
);

export async function findDoorEvent(db: Q, eventId: string, userId: string) {
  const [row] = await doorEvent(db, { eventId, userId });
  return row;
}

// Events of the night this person may scan: those overlapping [from, to).
export async function scannableEvents(db: Q, userId: string, from: string, to: string) {
  return doorEvents(db, userId)
    .where('events.start_at', '<', to)
    .where('events.end_at', '>', from)
    .where('events.status', '=', 'published')
    .where(canScanClubSql(userId, 'events.club_id'))
    .orderBy('events.start_at')
    .orderBy('events.id')
    .limit(200)
    .execute();
}

function ticketsForDoor(db: Q) {
  return db
    .selectFrom('tickets')
    .leftJoin('users', 'users.id', 'tickets.user_id')
    .leftJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .select([
      'tickets.id',
      'tickets.event_id',
      'tickets.status',
      'tickets.qr_code',
      'tickets.code',
      'tickets.holder_name',
      'tickets.user_id',
      'tickets.type',
      'tickets.price_cents',
      'tickets.currency',
      'tickets.payment_status',
      'tickets.check_in_at',
      'tickets.outside',
      'users.name as user_name',
      'users.username',
      'ticket_types.entry_until',
      // A guest list's ticket: whose list it is.
      sql<
        string | null
      >`(select p.name from users p where p.id = tickets.promoter_id and tickets.guest_list_id is not null)`.as(
        'list_promoter',
      ),
      // Whether the holder has an unlifted ban at this event's club (its end is checked, with the reason, only
      // then: see incidents' banAtDoor), so a scan of anyone else pays no second read for the ban list.
      sql<number>`(select count(*) from club_bans b where b.user_id = tickets.user_id and b.lifted_at is null and b.club_id = (select e.club_id from events e where e.id = tickets.event_id))`.as(
        'open_bans',
      ),
      // The door of the entry that used the ticket.
      sql<
        string | null
      >`(select ci.door from check_ins ci where ci.ticket_id = tickets.id and ci.outcome = 'admitted' order by ci.scanned_at limit 1)`.as(
        'used_door',
      ),
    ]);
}
export type DoorTicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

const doorTicket = reusableQuery((db: Q, v: { ticketId: string }) =>
  ticketsForDoor(db).where('tickets.id', '=', v.ticketId),
);

export async function findTicket(db: Q, ticketId: string) {
  const [row] = await doorTicket(db, { ticketId });
  return row;
}

const doorTicketByCode = reusableQuery((db: Q, v: { eventId: string; code: string }) =>
  ticketsForDoor(db).where('tickets.code', '=', v.code).where('tickets.event_id', '=', v.eventId),
);

// The ticket an NT2 token names at this event (its short code is unique per event).
export async function findTicketByCode(db: Q, eventId: string, code: string) {
  const [row] = await doorTicketByCode(db, { eventId, code });
  return row;
}

// By holder name, username, the short code (whole, or its first characters, however it was spaced), or the
// first characters of the ticket number.
export async function searchTickets(db: Q, eventId: string, query: string, limit: number) {
  const folded = escapeLike(foldForSearch(query));
  const id = escapeLike(query.trim().toLowerCase());
  // Four characters or more, all from the codes' alphabet: a short name ("Ana") is not read as a code.
  const typed = normalizeTicketCode(query);
  const code = typed.length >= 4 && [...typed].every((c) => TICKET_CODE_ALPHABET.includes(c)) ? typed : '';
  return ticketsForDoor(db)
    .where('tickets.event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(tickets.holder_name) like ${`%${folded}%`} escape '\\'`,
        sql<boolean>`users.search_text like ${`%${folded}%`} escape '\\'`,
        ...(code ? [sql<boolean>`tickets.code like ${`${code}%`} escape '\\'`] : []),
        sql<boolean>`lower(tickets.id) like ${`${id}%`} escape '\\'`,
      ]),
    )
    .orderBy('tickets.holder_name')
    .orderBy('tickets.id')
    .limit(limit)
    .execute();
}

export async function eventTickets(db: Q, eventId: string) {
  return ticketsForDoor(db).where('tickets.event_id', '=', eventId).orderBy('tickets.id').execute();
}

// THE GUARD of "one ticket opens the door once": a conditional UPDATE that only a still-valid ticket passes.
// Two doors scanning the same ticket at the same instant both run it; the database lets exactly one of them
// change the row (PostgreSQL re-checks the WHERE after the first commit releases the row lock; SQLite runs
// one writer at a time). The row count, not an earlier read, decides who lets the person in.
// It also answers whether the holder had put the ticket up for resale (they came after all: the listing ends).
const use = reusableQuery((db: Q, v: { ticketId: string; at: string }) =>
  db
    .updateTable('tickets')
    .set({ status: 'used', check_in_at: v.at, updated_at: v.at })
    .where('id', '=', v.ticketId)
    .where('status', '=', 'valid')
    .returning('resale_listed_at'),
);

export async function markUsed(db: Q, ticketId: string, at: string): Promise<{ listed: boolean } | null> {
  const [row] = await use(db, { ticketId, at });
  return row ? { listed: row.resale_listed_at !== null } : null;
}

export type AforoCounts = { entries: number; capacity: number; onSale: number; inside: number };

// PostgreSQL: a whole entry in one statement, so in one round trip and atomic without BEGIN/COMMIT. The guarded
// UPDATE above (plus "not up for resale": ending a listing needs the transaction path), and from its row only
// the check-in, the history entry and the holder's notification, and the event's aforo after it and the holder's
// in-app preference and unread count (the three round trips separate reads would cost on the door's loop). `admitted` false means the statement changed nothing; `listedValid` then says whether the ticket was still valid but listed for resale (as this statement
// saw it), which the caller hands to the transaction path.
export type AdmissionRows = {
  ticketId: string;
  at: string;
  checkIn: CheckInsTable;
  history: TicketHistoryTable;
  notification: NotificationsTable | null;
  // The holder's in-app preference for the notification's kind, and its value when they set none.
  notificationKind: string;
  inAppByDefault: boolean;
};

// The holder's side of an admitted entry, as the admitting statement read it: whether they want it in the app
// (if not, the notification was stored already read) and their unread count with it.
export type HolderToast = { inApp: boolean; unread: number };

export async function admitInOneStatement(
  db: Q,
  v: AdmissionRows,
): Promise<{ admitted: boolean; listedValid: boolean; aforo: AforoCounts; holder: HolderToast }> {
  const c = v.checkIn;
  const h = v.history;
  const n = v.notification;
  // Whether the holder wants this kind of notification in the app: someone who does not gets it already read.
  const inApp = n
    ? sql`coalesce((select p.in_app from notification_preferences p
        where p.user_id = ${n.user_id} and p.kind = ${v.notificationKind}), ${v.inAppByDefault})`
    : sql`false`;
  const note = n
    ? sql`, note as (
        insert into notifications
          (id, user_id, type, is_read, message, data, title, body, link, refs, created_at)
        select ${n.id}, ${n.user_id}, ${n.type}, not ${inApp}, ${n.message}, ${n.data}, ${n.title}, ${n.body},
          ${n.link}, ${n.refs},
          ${n.created_at}::timestamptz from used
      )`
    : sql``;
  const unread = n
    ? sql`(select count(*) from notifications where user_id = ${n.user_id} and is_read = false)::int`
    : sql`0`;
  const { rows } = await sql<{
    admitted: number;
    listed_valid: boolean | null;
    entries: number;
    out: number;
    on_sale: number;
    capacity: number | null;
    in_app: boolean;
    unread: number;
  }>`
    with used as (
      update tickets set status = 'used', check_in_at = ${v.at}::timestamptz, updated_at = ${v.at}::timestamptz
      where id = ${v.ticketId} and status = 'valid' and resale_listed_at is null
      returning id
    ), entry as (
      insert into check_ins
        (id, ticket_id, event_id, staff_user_id, door, client_id, scanned_at, synced_at, offline, outcome, method)
      select ${c.id}, ${c.ticket_id}, ${c.event_id}, ${c.staff_user_id}, ${c.door}, ${c.client_id},
        ${c.scanned_at}::timestamptz, ${c.synced_at}::timestamptz, ${Boolean(c.offline)}, ${c.outcome}, ${c.method}
      from used
    ), history as (
      insert into ticket_history
        (id, ticket_id, event_id, action, actor_id, counterpart_id, related_ticket_id, detail, created_at)
      select ${h.id}, ${h.ticket_id}, ${h.event_id}, ${h.action}, ${h.actor_id}, ${h.counterpart_id},
        ${h.related_ticket_id}, ${h.detail}, ${h.created_at}::timestamptz
      from used
    )${note}
    select (select count(*) from used)::int as admitted,
      (select t.status = 'valid' and t.resale_listed_at is not null from tickets t where t.id = ${v.ticketId})
        as listed_valid,
      (select count(*) from check_ins where event_id = ${v.checkIn.event_id} and outcome <> 'refused')::int
        as entries,
      (select coalesce(sum(case when kind = 'exit' then 1 else -1 end), 0) from door_movements
        where event_id = ${v.checkIn.event_id})::int as out,
      (select coalesce(sum(capacity), 0) from ticket_types where event_id = ${v.checkIn.event_id})::int as on_sale,
      (select c.capacity from events e join clubs c on c.id = e.club_id where e.id = ${v.checkIn.event_id})
        as capacity,
      ${inApp} as in_app,
      ${unread} as unread
  `.execute(db);
  const row = rows[0];
  const admitted = Number(row?.admitted) === 1;
  // The aforo as aforoOf() counts it, read by the same statement: its own check-in is not visible to the
  // statement's reads (they all see the snapshot it started with), so an admitted entry adds itself.
  const entries = Number(row?.entries ?? 0) + (admitted ? 1 : 0);
  // Likewise the unread count: the new notification, unread when wanted in the app, is not in it yet.
  const wanted = row?.in_app === true;
  return {
    admitted,
    listedValid: row?.listed_valid === true,
    holder: { inApp: wanted, unread: Number(row?.unread ?? 0) + (admitted && n && wanted ? 1 : 0) },
    aforo: {
      entries,
      capacity: Number(row?.capacity ?? 0),
      onSale: Number(row?.on_sale ?? 0),
      inside: entries - Number(row?.out ?? 0),
    },
  };
}

// The holder's in-app preference for a kind of notification (null: they set none) and their unread count, in one
// read: the door's entry asks inside its transaction, before it writes the holder's notification.
const holderRead = reusableQuery((db: Q, v: { userId: string; kind: string }) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('notification_preferences')
      .select('in_app')
      .where('user_id', '=', v.userId)
      .where('kind', '=', v.kind)
      .as('in_app'),
    eb
      .selectFrom('notifications')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .where('user_id', '=', v.userId)
      .where('is_read', '=', false)
      .as('unread'),
  ]),
);

export async function holderNotices(
  db: Q,
  userId: string,
  kind: string,
): Promise<{ inApp: boolean | null; unread: number }> {
  const [row] = await holderRead(db, { userId, kind });
  const inApp = row?.in_app;
  return {
    inApp: inApp === null || inApp === undefined ? null : Boolean(inApp),
    unread: Number(row?.unread ?? 0),
  };
}

const newNotification = reusableWrite((db: Q, row: NotificationsTable) =>
  db.insertInto('notifications').values(row),
);

export async function insertNotification(db: Q, row: NotificationsTable): Promise<void> {
  await newNotification(db, row);
}

const newCheckIn = reusableWrite((db: Q, row: CheckInsTable) => db.insertInto('check_ins').values(row));

export async function insertCheckIn(db: Q, row: CheckInsTable): Promise<void> {
  await newCheckIn(db, row);
}

// An entry the door already synced, with the flag it raised if any (door_conflicts.check_in_id is unique, so
// one row at most): a replayed sync answers what the first one did.
export async function findCheckInByClient(db: Q, staffUserId: string, clientId: string) {
  return db
    .selectFrom('check_ins')
    .leftJoin('door_conflicts', 'door_conflicts.check_in_id', 'check_ins.id')
    .select([
      'check_ins.id',
      'check_ins.ticket_id',
      'check_ins.event_id',
      'check_ins.outcome',
      'check_ins.scanned_at',
      'check_ins.door',
      'door_conflicts.id as conflict_id',
      'door_conflicts.kind as conflict_kind',
      'door_conflicts.reason',
    ])
    .where('check_ins.staff_user_id', '=', staffUserId)
    .where('check_ins.client_id', '=', clientId)
    .executeTakeFirst();
}

// The first entry recorded for a ticket (the one that used it, when there is one).
export async function firstEntry(db: Q, ticketId: string) {
  return db
    .selectFrom('check_ins')
    .select(['id', 'door', 'scanned_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy(sql`case when outcome = 'admitted' then 0 else 1 end`)
    .orderBy('scanned_at')
    .limit(1)
    .executeTakeFirst();
}

export async function entriesOfTickets(db: Q, ticketIds: string[]) {
  if (ticketIds.length === 0) return [];
  return db
    .selectFrom('check_ins')
    .leftJoin('users', 'users.id', 'check_ins.staff_user_id')
    .select([
      'check_ins.id',
      'check_ins.ticket_id',
      'check_ins.door',
      'check_ins.scanned_at',
      'check_ins.offline',
      'users.name as staff_name',
    ])
    .where('check_ins.ticket_id', 'in', ticketIds)
    .orderBy('check_ins.scanned_at')
    .orderBy('check_ins.id')
    .execute();
}

// Aforo in one round trip: people let in (an entry a refusal undid does not count), people inside now
// (entries − exits + re-entries), the club's licensed aforo (the one number the club page and the CEO panel show)
// and the places the night puts on sale (the sum of its ticket types' capacities).
const aforoRow = reusableQuery((db: Q, v: { eventId: string }) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('check_ins')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .where('event_id', '=', v.eventId)
      .where('outcome', '<>', 'refused')
      .as('entries'),
    eb
      .selectFrom('door_movements')
      .select(sql<number>`coalesce(sum(case when kind = 'exit' then 1 else -1 end), 0)`.as('n'))
      .where('event_id', '=', v.eventId)
      .as('out'),
    eb
      .selectFrom('ticket_types')
      .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('capacity'), sub.lit(0)).as('c'))
      .where('event_id', '=', v.eventId)
      .as('on_sale'),
    eb
      .selectFrom('events')
      .innerJoin('clubs', 'clubs.id', 'events.club_id')
      .select('clubs.capacity')
      .where('events.id', '=', v.eventId)
      .as('capacity'),
  ]),
);

// admitInOneStatement() counts the same in its own statement: a change here belongs there too.
export async function aforoOf(db: Q, eventId: string): Promise<AforoCounts> {
  const [row] = await aforoRow(db, { eventId });
  const entries = Number(row?.entries ?? 0);
  return {
    entries,
    capacity: Number(row?.capacity ?? 0),
    onSale: Number(row?.on_sale ?? 0),
    inside: entries - Number(row?.out ?? 0),
  };
}
