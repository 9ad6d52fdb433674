// The door without a connection: the pack it preloads (public key + every ticket of the event, with a hash of
// each current token rather than the token), and the sync of the entries it let in meanwhile. Every entry an
// offline door reports is kept, because the person is inside; a ticket already used, or no longer valid, is
// flagged as a conflict for the club's staff instead of being silently dropped.
import crypto from 'node:crypto';
import {
  DOOR_SOCKET_EVENTS,
  checkInConflictSchema,
  doorPackTicketSchema,
  scanOutcomeSchema,
  type CheckInConflict,
  type DoorPack,
  type OfflineCheckIn,
  type ScanOutcome,
  type SyncItemResult,
  type SyncResult,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { bannedTicketsOf } from '../incidents/index.ts';
import { checkTicketToken } from '../tickets/index.ts';
import * as conflicts from './door-conflict-repository.ts';
import type { DoorContext } from './context.ts';
import {
  flagBannedEntry,
  flagEntry,
  syncMovement,
  syncRefusal,
  type SyncAnnouncements,
} from './offline-actions.ts';
import { announceRefusal } from './refusals.ts';
import * as repo from './repository.ts';
import {
  aforo,
  announceEntries,
  isUniqueViolation,
  recordEntry,
  requireDoorEvent,
  toDoorEvent,
  toDoorTicket,
  type DoorEventRow,
} from './service.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };

const hashToken = (token: string) => crypto.createHash('sha256').update(token.trim()).digest('base64url');

export async function doorPack(ctx: DoorContext, actor: Actor, eventIdOrSlug: string): Promise<DoorPack> {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  const rows = await repo.eventTickets(ctx.db, event.id);
  return {
    event: toDoorEvent(event),
    publicKey: ctx.signer.publicKey,
    generatedAt: clock.now().toISOString(),
    aforo: await aforo(ctx.db, event.id),
    tickets: rows.map((row) =>
      doorPackTicketSchema.parse({
        ...toDoorTicket(row),
        tokenHash: row.qr_code ? hashToken(row.qr_code) : null,
      }),
    ),
    bans: await bannedTicketsOf(ctx.db, event),
  };
}

// The kinds an entry raised by itself: the list shows no door movement for them (the entry is in `entries`).
const ENTRY_KINDS = new Set<string>(['double_entry', 'invalid_ticket']);

export async function conflictsFor(
  db: Db,
  eventId: string,
  options: { ids?: string[]; openOnly?: boolean } = {},
): Promise<CheckInConflict[]> {
  const rows = await conflicts.conflictsOf(db, eventId, options);
  const ticketIds = [...new Set(rows.map((r) => r.ticket_id))];
  const entries = await repo.entriesOfTickets(db, ticketIds);
  const entriesOf = (ticketId: string) =>
    entries
      .filter((e) => e.ticket_id === ticketId)
      .map((e) => ({
        checkInId: e.id,
        door: e.door,
        staffName: e.staff_name,
        scannedAt: toIso(e.scanned_at),
        offline: Boolean(e.offline),
      }));
  const reasonOf = (reason: string | null) =>
    reason === null ? null : (scanOutcomeSchema.safeParse(reason).data ?? null);
  return rows.map((row) =>
    checkInConflictSchema.parse({
      id: row.id,
      eventId: row.event_id,
      ticketId: row.ticket_id,
      holderName: row.holder_name || row.user_name || 'Sin nombre',
      type: row.type,
      kind: row.kind,
      reason: reasonOf(row.reason),
      entries: entriesOf(row.ticket_id),
      movement: ENTRY_KINDS.has(row.kind)
        ? null
        : { action: row.action, door: row.door, staffName: row.staff_name, at: toIso(row.at) },
      createdAt: toIso(row.created_at),
      reviewedAt: toIsoOrNull(row.reviewed_at),
    }),
  );
}

export async function listConflicts(ctx: DoorContext, actor: Actor, eventIdOrSlug: string) {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  return { items: await conflictsFor(ctx.db, event.id) };
}

export async function reviewConflict(
  ctx: DoorContext,
  actor: Actor,
  eventIdOrSlug: string,
  conflictId: string,
): Promise<void> {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  const at = clock.now().toISOString();
  if (!(await conflicts.markConflictReviewed(ctx.db, event.id, conflictId, actor.id, at))) {
    throw new AppError(404, 'CONFLICT_NOT_FOUND', 'Ese aviso no existe o ya estaba revisado.');
  }
}

type Announced = Parameters<typeof announceEntries>[2][number];

// What the offline door did, checked against what the server knows now. A forged or foreign entry is
// refused and not recorded: the door could not have let it in with a pack of this event's tickets.
async function syncOne(
  ctx: DoorContext,
  event: DoorEventRow,
  actor: Actor,
  door: string,
  item: OfflineCheckIn,
  announced: Announced[],
  out: SyncAnnouncements,
): Promise<SyncItemResult> {
  const previous = await repo.findCheckInByClient(ctx.db, actor.id, item.clientId);
  if (previous) return fromPrevious(previous);

  const rejected = (reason: ScanOutcome): SyncItemResult => ({
    clientId: item.clientId,
    status: 'rejected',
    reason,
    conflictId: null,
  });
  let tokenIsCurrent = true;
  let invalidReason: ScanOutcome | null = null;
  if (item.token !== null) {
    const check = await checkTicketToken(ctx.db, ctx.signer, item.token);
    if (!check.payload)
      return rejected(check.ok ? 'unknown' : (TOKEN_REJECTION[check.reason] ?? 'malformed'));
    if (check.payload.t !== item.ticketId) return rejected('forged');
    if (check.payload.e !== event.id) return rejected('wrong_event');
    if (!check.ok && check.reason === 'unknown') return rejected('unknown');
    if (!check.ok) {
      tokenIsCurrent = false;
      invalidReason =
        check.reason === 'transferred' || check.reason === 'cancelled' ? check.reason : 'outdated';
    }
  }
  const ticket = await repo.findTicket(ctx.db, item.ticketId);
  if (!ticket) return rejected('unknown');
  if (ticket.event_id !== event.id) return rejected('wrong_event');

  const entry = {
    ticket,
    event,
    actor,
    door,
    clientId: item.clientId,
    scannedAt: new Date(item.scannedAt).toISOString(),
    offline: true,
    method: item.token ? ('qr' as const) : ('manual' as const),
  };
  try {
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      // The same guard as an online scan (repository.markUsed): only a still-valid ticket becomes used.
      const used = tokenIsCurrent ? await repo.markUsed(trx, ticket.id, entry.scannedAt) : null;
      if (used) {
        const recorded = await recordEntry(trx, entry, 'admitted', used.listed);
        // Let in, but the club had banned the holder by then (the pack was older than the ban): flagged.
        const banned = await flagBannedEntry(
          trx,
          event,
          actor,
          door,
          item,
          ticket.user_id,
          recorded.checkInId,
        );
        return {
          status: banned ? ('conflict' as const) : ('recorded' as const),
          reason: banned ? ('banned' as const) : null,
          conflictId: banned,
          notification: recorded.notification,
          released: recorded.released,
          admitted: true,
        };
      }
      // Not let in by the guard: read what the ticket is now, inside the transaction.
      const now = await trx
        .selectFrom('tickets')
        .select('status')
        .where('id', '=', ticket.id)
        .executeTakeFirstOrThrow();
      const duplicate = tokenIsCurrent && now.status === 'used';
      const reason: ScanOutcome = duplicate
        ? 'already_used'
        : (invalidReason ??
          (now.status === 'transferred'
            ? 'transferred'
            : now.status === 'cancelled'
              ? 'cancelled'
              : 'outdated'));
      const recorded = await recordEntry(trx, entry, duplicate ? 'duplicate' : 'invalid');
      const conflictId = await flagEntry(
        trx,
        event,
        actor,
        door,
        item,
        recorded.checkInId,
        duplicate ? 'double_entry' : 'invalid_ticket',
        duplicate ? null : reason,
      );
      return {
        status: 'conflict' as const,
        reason,
        conflictId,
        notification: null,
        released: [],
        admitted: false,
      };
    });
    // Announced only once committed.
    if (outcome.admitted)
      announced.push({
        ticketId: ticket.id,
        usedAt: entry.scannedAt,
        door,
        notification: outcome.notification,
        released: outcome.released,
      });
    if (outcome.conflictId) out.conflictIds.push(outcome.conflictId);
    return {
      clientId: item.clientId,
      status: outcome.status,
      reason: outcome.reason,
      conflictId: outcome.conflictId,
    };
  } catch (error) {
    // The same entry synced twice at once (a retry racing the first try): the first one recorded it.
    if (!isUniqueViolation(error)) throw error;
    const recorded = await repo.findCheckInByClient(ctx.db, actor.id, item.clientId);
    if (!recorded) throw error;
    return fromPrevious(recorded);
  }

  function fromPrevious(
    previous: NonNullable<Awaited<ReturnType<typeof repo.findCheckInByClient>>>,
  ): SyncItemResult {
    if (previous.event_id !== event.id)
      return { clientId: item.clientId, status: 'rejected', reason: 'wrong_event', conflictId: null };
    // A banned holder's flag points at an entry that let them in; the other flags of an entry, at one that did
    // not (a duplicate or an invalid ticket). An entry a refusal undid later answers as one that did not.
    const banned = previous.conflict_kind === 'banned_entry';
    if (previous.outcome === 'admitted')
      return banned
        ? { clientId: item.clientId, status: 'conflict', reason: 'banned', conflictId: previous.conflict_id }
        : { clientId: item.clientId, status: 'recorded', reason: null, conflictId: null };
    const reason =
      previous.outcome === 'duplicate'
        ? 'already_used'
        : ((banned ? undefined : scanOutcomeSchema.safeParse(previous.reason).data) ?? 'outdated');
    return {
      clientId: item.clientId,
      status: 'conflict',
      reason,
      conflictId: banned ? null : previous.conflict_id,
    };
  }
}

// 'unknown': an NT2 token whose code and event tag name no ticket.
const TOKEN_REJECTION: Record<string, ScanOutcome> = {
  malformed: 'malformed',
  forged: 'forged',
  unknown: 'unknown',
};

export async function syncCheckIns(
  ctx: DoorContext,
  actor: Actor,
  eventIdOrSlug: string,
  door: string,
  checkIns: OfflineCheckIn[],
): Promise<SyncResult> {
  const event = await requireDoorEvent(ctx.db, actor, eventIdOrSlug);
  const announced: Announced[] = [];
  const out: SyncAnnouncements = { changed: [], notifications: [], conflictIds: [] };
  const results: SyncItemResult[] = [];
  // In the order the door saw them, so the earliest entry of a ticket is the one that used it, and an exit
  // comes after the entry it follows.
  const ordered = [...checkIns].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
  for (const item of ordered) {
    const action = item.action ?? 'entry';
    results.push(
      action === 'entry'
        ? await syncOne(ctx, event, actor, door, item, announced, out)
        : action === 'refusal'
          ? await syncRefusal(ctx, event, actor, door, item, out)
          : await syncMovement(ctx, event, actor, door, item, out),
    );
  }
  for (const notification of out.notifications) await announceRefusal(ctx, event.id, notification);
  for (const change of out.changed)
    ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.ticketChanged, { eventId: event.id, ...change });
  const current = await announceEntries(ctx, event.id, announced);
  const fresh = await conflictsFor(ctx.db, event.id, { ids: out.conflictIds });
  for (const conflict of fresh) ctx.pushToDoors(event.id, DOOR_SOCKET_EVENTS.conflict, conflict);
  const byClient = new Map(results.map((r) => [r.clientId, r]));
  return {
    results: checkIns.map((item) => byClient.get(item.clientId)!),
    conflicts: await conflictsFor(ctx.db, event.id, { openOnly: true }),
    aforo: current,
  };
}
