// Scanning at the door. A scan answers within a glance: 'valid' lets the person in and marks the ticket used,
// anything else says why not. Who may scan is decided per club (club-staff), what a ticket means at the door
// by doorOutcome() (shared with the offline door), and who wins a race by the conditional UPDATE in markUsed().
import crypto from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import {
  DOOR_SEARCH_LIMIT,
  DEFAULT_PREFERENCES,
  DOOR_SOCKET_EVENTS,
  IN_APP_ONLY_TYPES,
  SOCKET_EVENTS,
  decodeTicketToken,
  doorOutcome,
  doorTicketSchema,
  doorsOpenAt,
  isCompactPayload,
  rangeFor,
  type Aforo,
  type DoorEvent,
  type DoorTicket,
  type Notification,
  type ScanInput,
  type ScanOutcome,
  type ScanRequest,
  type ScanResult,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { kindOf, notificationRow, publishNotification, toNotification } from '../notifications/index.ts';
import { banAtDoor } from '../incidents/index.ts';
import {
  endResaleAtDoor,
  eventTagSync,
  findTicketByCompactPayload,
  recordTicketHistory,
  tokenStanding,
} from '../tickets/index.ts';
import type { DoorContext } from './context.ts';
import { ticketCheckedIn } from './notification-messages.ts';
import * as repo from './repository.ts';
import { recordMovement } from './movement-writes.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };
export type DoorEventRow = NonNullable<Awaited<ReturnType<typeof repo.findDoorEvent>>>;

export function toDoorEvent(row: DoorEventRow): DoorEvent {
  const startAt = toIso(row.start_at);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    clubId: row.club_id,
    clubName: row.club_name,
    startAt,
    endAt: toIso(row.end_at),
    doorsOpenAt: doorsOpenAt({ startAt }).toISOString(),
    status: row.status,
    reentryPolicy: row.reentry_policy,
    reentryUntil: toIsoOrNull(row.reentry_until),
  };
}

const eventFacts = (row: DoorEventRow) => ({
  id: row.id,
  startAt: toIso(row.start_at),
  endAt: toIso(row.end_at),
  status: row.status,
  reentryPolicy: row.reentry_policy,
  reentryUntil: toIsoOrNull(row.reentry_until),
});
const ticketFacts = (row: repo.DoorTicketRow) => ({
  eventId: row.event_id,
  status: row.status,
  entryUntil: toIsoOrNull(row.entry_until),
  outside: Boolean(row.outside),
});

export function toDoorTicket(row: repo.DoorTicketRow): DoorTicket {
  const status = doorTicketSchema.shape.status.safeParse(row.status);
  const live = row.status === 'valid' || row.status === 'used';
  return {
    id: row.id,
    holderName: row.holder_name || row.user_name || 'Sin nombre',
    holderUsername: row.username,
    code: row.code,
    type: row.type,
    status: status.success ? status.data : 'cancelled',
    paymentDue:
      live && row.payment_status === 'due_at_door' ? { cents: row.price_cents, currency: 'EUR' } : null,
    entryUntil: toIsoOrNull(row.entry_until),
    usedAt: row.status === 'used' ? toIsoOrNull(row.check_in_at) : null,
    usedDoor: row.status === 'used' ? row.used_door : null,
    listOf: row.list_promoter,
    outside: row.status === 'used' && Boolean(row.outside),
  };
}

// The event, if this person may scan it: 404 when there is no such event, 403 when it is not their club's.
export async function requireDoorEvent(db: Db, actor: Actor, eventIdOrSlug: string): Promise<DoorEventRow> {
  const event = await repo.findDoorEvent(db, eventIdOrSlug, actor.id);
  if (!event) throw new AppError(404, 'EVENT_NOT_FOUND', 'El evento no existe.');
  if (!event.allowed)
    throw new AppError(
      403,
      'NOT_DOOR_STAFF',
      'No puedes escanear entradas de este evento: no estás en la puerta de su discoteca.',
    );
  return event;
}

export async function aforo(db: Db, eventId: string): Promise<Aforo> {
  return { eventId, ...(await repo.aforoOf(db, eventId)) };
}

export async function tonightsEvents(db: Db, actor: Actor, now = clock.now()) {
  const night = rangeFor('hoy', now);
  const rows = await repo.scannableEvents(db, actor.id, night.from.toISOString(), night.to.toISOString());
  return {
    items: await Promise.all(
      rows.map(async (row) => ({ ...toDoorEvent(row), aforo: await aforo(db, row.id) })),
    ),
  };
}

export async function searchEventTickets(db: Db, actor: Actor, eventIdOrSlug: string, query: string) {
  const event = await requireDoorEvent(db, actor, eventIdOrSlug);
  const rows = await repo.searchTickets(db, event.id, query, DOOR_SEARCH_LIMIT);
  return { items: rows.map(toDoorTicket) };
}

// The token problems tickets' checkTicketToken() reports, as door outcomes.
const TOKEN_OUTCOME: Record<string, ScanOutcome> = {
  malformed: 'malformed',
  forged: 'forged',
  unknown: 'unknown',
  transferred: 'transferred',
  cancelled: 'cancelled',
  outdated: 'outdated',
};

type Verdict = { outcome: ScanOutcome; ticket: repo.DoorTicketRow | null; tokenEventId?: string };

// Whether the presented token is, byte for byte, the one the ticket holds: the server signed that token when it
// issued it and stored it with the ticket, so such a token needs no second signature check (Ed25519 verification
// was a fifth of a scan's CPU). Compared in constant time, as the stored token is a secret of its holder.
function isStoredToken(ticket: repo.DoorTicketRow | null, token: string): boolean {
  if (!ticket?.qr_code) return false;
  const stored = Buffer.from(ticket.qr_code);
  const presented = Buffer.from(token.trim());
  return stored.length === presented.length && crypto.timingSafeEqual(stored, presented);
}

// One read of the ticket whichever way it was presented, and the row the door shows is the one the token is
// compared with. A token naming this event reads its ticket first and has its signature checked only when it is
// not the ticket's stored token (a forged token therefore answers "forged", as before, whatever its ticket); a
// token naming another event has its signature checked first.
async function judge(
  ctx: DoorContext,
  event: DoorEventRow,
  input: Pick<ScanRequest, 'token' | 'ticketId'>,
  now: Date,
): Promise<Verdict> {
  const scan: ScanInput = {};
  if (input.token !== undefined) {
    const decoded = decodeTicketToken(input.token);
    if (!decoded) return { outcome: 'malformed', ticket: null };
    const payload = decoded.payload;
    // An NT2 token names its event by a tag; which event it is, is looked up only when it is not this one.
    const here = isCompactPayload(payload) ? payload.g === eventTagSync(event.id) : payload.e === event.id;
    let ticket: repo.DoorTicketRow | null = null;
    if (here)
      ticket = isCompactPayload(payload)
        ? ((await repo.findTicketByCode(ctx.db, event.id, payload.c)) ?? null)
        : ((await repo.findTicket(ctx.db, payload.t)) ?? null);
    if (!here || !isStoredToken(ticket, input.token)) {
      const signature = ctx.signer.verify(input.token);
      if (!signature.ok) return { outcome: TOKEN_OUTCOME[signature.reason] ?? 'unknown', ticket: null };
    }
    if (!isCompactPayload(payload)) scan.tokenEventId = payload.e;
    // A well-signed token for another event is "wrong event" whatever became of its ticket.
    if (!here) {
      if (!isCompactPayload(payload))
        return { outcome: 'wrong_event', ticket: null, tokenEventId: payload.e };
      const other = await findTicketByCompactPayload(ctx.db, payload, input.token);
      return { outcome: 'wrong_event', ticket: null, tokenEventId: other?.event_id };
    }
    const standing = tokenStanding(ticket, payload, input.token);
    if (standing !== 'current' && standing !== 'outdated')
      return { outcome: TOKEN_OUTCOME[standing] ?? 'unknown', ticket };
    scan.tokenIsCurrent = standing === 'current';
    return {
      outcome: doorOutcome(eventFacts(event), ticket ? ticketFacts(ticket) : null, scan, now),
      ticket,
    };
  }
  const ticket = (await repo.findTicket(ctx.db, input.ticketId!)) ?? null;
  return { outcome: doorOutcome(eventFacts(event), ticket ? ticketFacts(ticket) : null, scan, now), ticket };
}

const USED_INFO = new Set<ScanOutcome>(['already_used', 'valid', 'reentry', 'reentry_closed']);

async function resultFor(
  ctx: DoorContext,
  event: DoorEventRow,
  verdict: Verdict,
  scannedAt: string,
  knownAforo?: Aforo,
  entryId?: string,
): Promise<ScanResult> {
  const { outcome, ticket } = verdict;
  // A ticket of another event stays private: the door learns which event it is for, not whose it is.
  const shown = outcome === 'wrong_event' || outcome === 'unknown' ? null : ticket;
  let ticketEvent: ScanResult['ticketEvent'] = null;
  if (outcome === 'wrong_event') {
    const otherId = verdict.tokenEventId ?? ticket?.event_id;
    const other = otherId
      ? await ctx.db
          .selectFrom('events')
          .select(['id', 'name', 'start_at'])
          .where('id', '=', otherId)
          .executeTakeFirst()
      : undefined;
    if (other) ticketEvent = { id: other.id, name: other.name, startAt: toIso(other.start_at) };
  }
  const door = shown ? toDoorTicket(shown) : null;
  return {
    outcome,
    scannedAt,
    ticket: door,
    usedAt: USED_INFO.has(outcome) ? (door?.usedAt ?? null) : null,
    usedDoor: USED_INFO.has(outcome) ? (door?.usedDoor ?? null) : null,
    ticketEvent,
    opensAt:
      outcome === 'not_yet_valid' ? doorsOpenAt({ startAt: toIso(event.start_at) }).toISOString() : null,
    aforo: knownAforo ?? (await aforo(ctx.db, event.id)),
    entryId: outcome === 'valid' ? (entryId ?? null) : null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown };
  return (
    e?.code === '23505' ||
    e?.errcode === 2067 ||
    e?.errcode === 1555 ||
    (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

// A retried scan (same clientScanId from the same person) gets the answer of the first one.
async function replay(
  ctx: DoorContext,
  event: DoorEventRow,
  actor: Actor,
  clientScanId: string | undefined,
): Promise<ScanResult | null> {
  if (!clientScanId) return null;
  const previous = await repo.findCheckInByClient(ctx.db, actor.id, clientScanId);
  if (!previous || previous.event_id !== event.id) return null;
  const ticket = (await repo.findTicket(ctx.db, previous.ticket_id)) ?? null;
  return resultFor(
    ctx,
    event,
    { outcome: 'valid', ticket },
    toIso(previous.scanned_at),
    undefined,
    previous.id,
  );
}

type Entry = {
  ticket: repo.DoorTicketRow;
  event: DoorEventRow;
  actor: Actor;
  door: string;
  clientId: string | null;
  scannedAt: string;
  offline: boolean;
  method: 'qr' | 'manual';
};

// The holder's "you are in" notification.
const checkedInNotice = (entry: Entry, userId: string) =>
  ticketCheckedIn({
    userId,
    ticketId: entry.ticket.id,
    eventId: entry.event.id,
    eventName: entry.event.name,
    type: entry.ticket.type,
    door: entry.door,
    at: new Date(entry.scannedAt),
  });

// What an entry writes, built once for either path; the holder's notification only for one that let them in.
function entryRows(entry: Entry, checkInId: string, withNotification = true) {
  const checkIn = {
    id: checkInId,
    ticket_id: entry.ticket.id,
    event_id: entry.event.id,
    staff_user_id: entry.actor.id,
    door: entry.door,
    client_id: entry.clientId,
    scanned_at: entry.scannedAt,
    synced_at: clock.now().toISOString(),
    offline: entry.offline,
    outcome: 'admitted' as const,
    method: entry.method,
  };
  const history = {
    id: uuidv7(),
    ticket_id: entry.ticket.id,
    event_id: entry.event.id,
    action: 'checked_in',
    actor_id: entry.actor.id,
    counterpart_id: null,
    related_ticket_id: null,
    detail: JSON.stringify({ door: entry.door, offline: entry.offline, checkInId }),
    created_at: entry.scannedAt,
  };
  const notification =
    withNotification && entry.ticket.user_id
      ? notificationRow(checkedInNotice(entry, entry.ticket.user_id))
      : null;
  return { checkIn, history, notification };
}

// PostgreSQL's one-statement entry (repo.admitInOneStatement). retry: the statement changed nothing but the
// ticket was still valid and up for resale, so the transaction path, which ends the listing, decides.
async function admitAtOnce(
  db: Db,
  entry: Entry,
): Promise<{
  admitted: (Awaited<ReturnType<typeof recordEntry>> & { aforo: Aforo; holder?: repo.HolderToast }) | null;
  retry: boolean;
}> {
  const checkInId = uuidv7();
  const rows = entryRows(entry, checkInId);
  const kind = kindOf('ticket_checked_in');
  const result = await repo.admitInOneStatement(db, {
    ticketId: entry.ticket.id,
    at: entry.scannedAt,
    ...rows,
    notificationKind: kind,
    inAppByDefault: DEFAULT_PREFERENCES[kind].inApp,
  });
  if (!result.admitted) return { admitted: null, retry: result.listedValid };
  return {
    admitted: {
      checkInId,
      notification: rows.notification ? toNotification(rows.notification) : null,
      released: [],
      aforo: { eventId: entry.event.id, ...result.aforo },
      // The toast from the statement's reads for a notification told in the app only (see recordEntry).
      holder: rows.notification && IN_APP_ONLY_TYPES.has(rows.notification.type) ? result.holder : undefined,
    },
    retry: false,
  };
}

// Inside the caller's transaction: the check-in row, the ticket's history and the holder's notification
// commit together with the ticket becoming used.
// A ticket its holder had put up for resale (listed) comes off it, and whoever was offered it is told (released).
async function recordEntry(
  trx: Db,
  entry: Entry,
  outcome: 'admitted' | 'duplicate' | 'invalid',
  listed = false,
) {
  const checkInId = uuidv7();
  const rows = entryRows(entry, checkInId, outcome === 'admitted');
  await repo.insertCheckIn(trx, { ...rows.checkIn, outcome });
  if (outcome !== 'admitted') return { checkInId, notification: null, released: [] };
  await recordTicketHistory(trx, rows.history);
  let notification: Notification | null = null;
  let holder: repo.HolderToast | undefined;
  if (rows.notification) {
    // The holder's in-app preference and unread count, read with the entry: a holder who does not want it in the
    // app gets it already read (as publishNotification would mark it), and the toast after the commit needs no
    // reads. A check-in is told in the app only (IN_APP_ONLY_TYPES), so there is no e-mail or push to queue; were
    // it not, the toast is left to publishNotification, which queues them.
    const kind = kindOf(rows.notification.type);
    const seen = await repo.holderNotices(trx, rows.notification.user_id, kind);
    const inApp = seen.inApp ?? DEFAULT_PREFERENCES[kind].inApp;
    const row = { ...rows.notification, is_read: !inApp };
    await repo.insertNotification(trx, row);
    notification = toNotification(row);
    if (IN_APP_ONLY_TYPES.has(row.type)) holder = { inApp, unread: seen.unread + (inApp ? 1 : 0) };
  }
  const released = listed ? await endResaleAtDoor(trx, entry.ticket.id, new Date(entry.scannedAt)) : [];
  return { checkInId, notification, released, holder };
}

// After the commit: the holder hears about it, every door of the event sees the entry and the new aforo.
export async function announceEntries(
  ctx: DoorContext,
  eventId: string,
  entries: {
    ticketId: string;
    usedAt: string;
    door: string;
    notification: Awaited<ReturnType<typeof recordEntry>>['notification'];
    released?: Awaited<ReturnType<typeof recordEntry>>['released'];
    // What the statement that wrote the notification read of its holder (PostgreSQL's one-statement entry):
    // their toast then needs no further reads.
    holder?: repo.HolderToast;
  }[],
  // The aforo after these entries when the statement that wrote them also counted it (PostgreSQL's one-statement
  // entry); otherwise it is read here.
  known?: Aforo,
) {
  for (const entry of entries) {
    const { holder, notification: own } = entry;
    // The toast and badge as pushNotificationLive sends them, from what the entry read with its writes; a holder
    // who does not want it in the app got it already read, and no toast.
    if (holder && own && holder.inApp) {
      ctx.bus.toUser(own.userId, SOCKET_EVENTS.notificationNew, own);
      ctx.bus.toUser(own.userId, SOCKET_EVENTS.unreadCount, { count: holder.unread });
    }
    // Otherwise the holder's toast and badge (a preference read and an unread count) go out after the door's
    // answer: the door does not wait for them, and the notification itself was committed with the entry.
    const notifications = [holder ? null : own, ...(entry.released ?? [])].filter((n) => n !== null);
    if (notifications.length)
      void (async () => {
        for (const notification of notifications) await publishNotification(ctx.db, ctx.bus, notification);
      })().catch((err: unknown) => ctx.log.warn({ err }, 'check-in notification push failed'));
    ctx.pushToDoors(eventId, DOOR_SOCKET_EVENTS.checkedIn, {
      eventId,
      ticketId: entry.ticketId,
      usedAt: entry.usedAt,
      door: entry.door,
    });
  }
  const current = known ?? (await aforo(ctx.db, eventId));
  ctx.pushToDoors(eventId, DOOR_SOCKET_EVENTS.aforo, current);
  return current;
}

export async function scanTicket(
  ctx: DoorContext,
  actor: Actor,
  eventIdOrSlug: string,
  input: ScanRequest,
  now = clock.now(),
): Promise<ScanResult> {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  // A retry of a scan that already let the person in finds its ticket used: the answer below then replays the
  // first one, so a first scan pays no lookup for a retry it is not.
  const scannedAt = now.toISOString();
  const verdict = await judge(ctx, event, input, now);
  // A person on this club's ban list stays out (coming in, or back in after going out): the staff see why, the
  // holder only that entry is refused.
  if (
    (verdict.outcome === 'valid' || verdict.outcome === 'reentry') &&
    Number(verdict.ticket?.open_bans) > 0
  ) {
    const ban = await banAtDoor(ctx, event, verdict.ticket!, now);
    if (ban)
      return {
        ...(await resultFor(ctx, event, { outcome: 'banned', ticket: verdict.ticket }, scannedAt)),
        ban,
      };
  }
  if (verdict.outcome === 'reentry' && verdict.ticket)
    return (
      (await reenter(ctx, event, actor, verdict.ticket, input, now)) ??
      resultFor(ctx, event, await judge(ctx, event, input, now), scannedAt)
    );
  if (verdict.outcome !== 'valid' || !verdict.ticket) {
    // The first try of this very scan may have committed while this one was reading the ticket.
    return (await replay(ctx, event, actor, input.clientScanId)) ?? resultFor(ctx, event, verdict, scannedAt);
  }

  const entry: Entry = {
    ticket: verdict.ticket,
    event,
    actor,
    door: input.door,
    clientId: input.clientScanId ?? null,
    scannedAt,
    offline: false,
    method: input.token !== undefined ? 'qr' : 'manual',
  };
  let recorded:
    (Awaited<ReturnType<typeof recordEntry>> & { aforo?: Aforo; holder?: repo.HolderToast }) | null;
  try {
    // PostgreSQL: the entry's writes in one statement (one round trip); a ticket listed for resale, and SQLite
    // (no writes inside WITH, and no round trips to save), take the transaction.
    const fast =
      ctx.dbKind === 'postgres' ? await admitAtOnce(ctx.db, entry) : { admitted: null, retry: true };
    recorded = fast.retry
      ? await ctx.db.transaction().execute(async (trx) => {
          // The guard (see markUsed): whoever changes the row lets the person in; the other door gets "ya usada".
          const used = await repo.markUsed(trx, entry.ticket.id, scannedAt);
          if (!used) return null;
          return recordEntry(trx, entry, 'admitted', used.listed);
        })
      : fast.admitted;
  } catch (error) {
    // The same clientScanId arrived twice at once: the other request recorded it and rolled this one back.
    if (!isUniqueViolation(error)) throw error;
    recorded = null;
  }
  if (!recorded) {
    const again = await replay(ctx, event, actor, input.clientScanId);
    if (again) return again;
    return resultFor(ctx, event, await judge(ctx, event, input, now), scannedAt);
  }
  const current = await announceEntries(
    ctx,
    event.id,
    [
      {
        ticketId: entry.ticket.id,
        usedAt: scannedAt,
        door: entry.door,
        notification: recorded.notification,
        released: recorded.released,
        holder: recorded.holder,
      },
    ],
    recorded.aforo,
  );
  // What the transaction just wrote, without reading it back.
  const ticket = { ...entry.ticket, status: 'used', check_in_at: scannedAt, used_door: entry.door };
  return resultFor(ctx, event, { outcome: 'valid', ticket }, scannedAt, current, recorded.checkInId);
}

// Back in after a smoke: the guarded flip of tickets.outside (see markBackIn) and the re-entry row commit
// together; null when another door let the person back in first.
async function reenter(
  ctx: DoorContext,
  event: DoorEventRow,
  actor: Actor,
  ticket: repo.DoorTicketRow,
  input: ScanRequest,
  now: Date,
): Promise<ScanResult | null> {
  const at = now.toISOString();
  let done = false;
  try {
    done = await ctx.db.transaction().execute((trx) =>
      recordMovement(trx, {
        kind: 'reentry',
        ticketId: ticket.id,
        eventId: event.id,
        actorId: actor.id,
        door: input.door,
        clientId: input.clientScanId ?? null,
        at,
        offline: false,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (!done) return null;
  const current = await aforo(ctx.db, event.id);
  ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.aforo, current);
  ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.ticketChanged, {
    eventId: event.id,
    ticketId: ticket.id,
    status: 'used',
    outside: false,
  });
  return resultFor(ctx, event, { outcome: 'reentry', ticket: { ...ticket, outside: false } }, at, current);
}

export { recordEntry, isUniqueViolation };
export type { Entry };
