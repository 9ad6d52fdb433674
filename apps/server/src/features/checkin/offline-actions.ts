// The offline door's sync beyond entries: exits ("Sale a fumar"), re-entries and refusals
// the door recorded without a connection, and the ban list checked against entries it let in. Like entries,
// what the door did is kept (a person who went out did go out), in the order it happened, and whatever does
// not fit what the server knows is flagged for the club's staff instead of being dropped.
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { OfflineCheckIn, ScanOutcome, SyncItemResult } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, type DoorConflictsTable } from '../../db/schema.ts';
import { activeBanFor } from '../incidents/index.ts';
import * as conflicts from './door-conflict-repository.ts';
import type { DoorContext } from './context.ts';
import { recordRefusal } from './refusals.ts';
import * as refusals from './refusal-repository.ts';
import * as repo from './repository.ts';
import { isUniqueViolation, type DoorEventRow } from './service.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };
type ConflictKind = DoorConflictsTable['kind'];

// What the sync announces once everything is committed.
export type SyncAnnouncements = {
  changed: { ticketId: string; status: string; outside: boolean }[];
  notifications: NonNullable<NonNullable<Awaited<ReturnType<typeof recordRefusal>>>['notification']>[];
  conflictIds: string[];
};

const result = (
  item: OfflineCheckIn,
  status: SyncItemResult['status'],
  reason: ScanOutcome | null = null,
  conflictId: string | null = null,
): SyncItemResult => ({ clientId: item.clientId, status, reason, conflictId });

// Why a ticket that is not inside could not go out or be refused, as a door outcome.
const STATUS_OUTCOME: Record<string, ScanOutcome> = {
  valid: 'unknown',
  used: 'already_used',
  refused: 'refused',
  cancelled: 'cancelled',
  transferred: 'transferred',
};

// The reason a flag carries unless its caller gives one (an invalid ticket's is what the ticket had become).
const REASON_OF: Record<ConflictKind, ScanOutcome | null> = {
  double_entry: null,
  invalid_ticket: null,
  banned_entry: 'banned',
  double_reentry: 'already_used',
  not_inside: null,
  reentry_closed: 'reentry_closed',
  refused_but_entered: 'already_used',
};

function conflictRow(
  event: DoorEventRow,
  actor: Actor,
  door: string,
  item: OfflineCheckIn,
  kind: ConflictKind,
  refs: { movementId?: string; checkInId?: string; reason?: ScanOutcome | null },
) {
  return {
    id: uuidv7(),
    event_id: event.id,
    ticket_id: item.ticketId,
    kind,
    reason: refs.reason === undefined ? REASON_OF[kind] : refs.reason,
    action: item.action ?? 'entry',
    movement_id: refs.movementId ?? null,
    check_in_id: refs.checkInId ?? null,
    // Movements and check-ins carry the door's clientId already; the conflict carries it only when it is the
    // one record of what the door did (a refusal that could not apply).
    staff_user_id: actor.id,
    client_id: refs.movementId || refs.checkInId ? null : item.clientId,
    door,
    at: new Date(item.scannedAt).toISOString(),
    created_at: clock.now().toISOString(),
    reviewed_at: null,
    reviewed_by: null,
  };
}

// An entry the offline door let in for someone the club had banned by then: they are inside, so the entry
// stays; the staff see who and why. Inside the entry's transaction.
export async function flagBannedEntry(
  trx: Db,
  event: DoorEventRow,
  actor: Actor,
  door: string,
  item: OfflineCheckIn,
  holderId: string | null,
  checkInId: string,
): Promise<string | null> {
  if (!holderId) return null;
  if (!(await activeBanFor(trx, event.club_id, holderId, new Date(item.scannedAt)))) return null;
  const row = conflictRow(event, actor, door, item, 'banned_entry', { checkInId });
  await conflicts.insertConflict(trx, row);
  return row.id;
}

// An entry the offline door let in that the server had not: the ticket had let someone in already
// ('double_entry'), or was no longer valid ('invalid_ticket', with what it had become). The entry stays (the person
// is inside) and is flagged, inside the entry's transaction; only this path writes a flag, a fitting entry none.
export async function flagEntry(
  trx: Db,
  event: DoorEventRow,
  actor: Actor,
  door: string,
  item: OfflineCheckIn,
  checkInId: string,
  kind: 'double_entry' | 'invalid_ticket',
  reason: ScanOutcome | null,
): Promise<string> {
  const row = conflictRow(event, actor, door, item, kind, { checkInId, reason });
  await conflicts.insertConflict(trx, row);
  return row.id;
}

function reentryClosed(event: DoorEventRow, at: string): boolean {
  if (event.reentry_policy === 'never') return true;
  return event.reentry_until !== null && Date.parse(at) > Date.parse(toIso(event.reentry_until));
}

async function replayMovement(db: Db, event: DoorEventRow, actor: Actor, item: OfflineCheckIn) {
  const previous = await conflicts.movementByClient(db, actor.id, item.clientId);
  if (previous) {
    if (previous.event_id !== event.id) return result(item, 'rejected', 'wrong_event');
    return previous.conflict_id
      ? result(item, 'conflict', (previous.reason as ScanOutcome | null) ?? null, previous.conflict_id)
      : result(item, 'recorded');
  }
  const flagged = await conflicts.conflictByClient(db, actor.id, item.clientId);
  if (!flagged) return null;
  if (flagged.event_id !== event.id) return result(item, 'rejected', 'wrong_event');
  return result(item, 'conflict', (flagged.reason as ScanOutcome | null) ?? null, flagged.id);
}

// An exit or a re-entry. The movement is recorded whenever the ticket has let someone in (the aforo counts it);
// one that does not fit its neighbours in time, a re-entry the event's rule had closed or of a banned person,
// is flagged. A ticket that never got in has nobody to move: flagged, not counted.
export async function syncMovement(
  ctx: DoorContext,
  event: DoorEventRow,
  actor: Actor,
  door: string,
  item: OfflineCheckIn,
  out: SyncAnnouncements,
): Promise<SyncItemResult> {
  const kind = item.action === 'exit' ? 'exit' : 'reentry';
  const replayed = await replayMovement(ctx.db, event, actor, item);
  if (replayed) return replayed;
  const ticket = await repo.findTicket(ctx.db, item.ticketId);
  if (!ticket) return result(item, 'rejected', 'unknown');
  if (ticket.event_id !== event.id) return result(item, 'rejected', 'wrong_event');
  const at = new Date(item.scannedAt).toISOString();
  try {
    const done = await ctx.db.transaction().execute(async (trx) => {
      // The ticket's row first (a write that changes nothing, so PostgreSQL locks it): two doors syncing the same
      // person at once take turns, and the second walk sees the first one's movement.
      await trx
        .updateTable('tickets')
        .set({ outside: sql<boolean>`outside` })
        .where('id', '=', ticket.id)
        .execute();
      const { status } = await trx
        .selectFrom('tickets')
        .select('status')
        .where('id', '=', ticket.id)
        .executeTakeFirstOrThrow();
      if (status !== 'used') {
        const row = conflictRow(event, actor, door, item, 'not_inside', {
          reason: STATUS_OUTCOME[status] ?? null,
        });
        await conflicts.insertConflict(trx, row);
        return { status, outside: false, conflictId: row.id, reason: row.reason };
      }
      const movementId = uuidv7();
      await trx
        .insertInto('door_movements')
        .values({
          id: movementId,
          ticket_id: ticket.id,
          event_id: event.id,
          staff_user_id: actor.id,
          door,
          kind,
          client_id: item.clientId,
          offline: true,
          at,
          synced_at: clock.now().toISOString(),
        })
        .execute();
      const { fitting, misfits, outside } = await conflicts.walkMovements(
        trx,
        ticket.id,
        clock.now().toISOString(),
      );
      await conflicts.closeFittingMovementConflicts(trx, ticket.id, fitting, clock.now().toISOString());
      // This one fits where it belongs in time, and so a later one synced earlier no longer does: flagged now.
      const later = await conflicts.unflagged(
        trx,
        misfits.map((m) => m.id).filter((id) => id !== movementId),
      );
      for (const m of misfits.filter((x) => later.has(x.id))) {
        const row = {
          ...conflictRow(
            event,
            { id: m.staff_user_id ?? actor.id },
            m.door,
            { ...item, action: m.kind, scannedAt: toIso(m.at as string) },
            m.kind === 'reentry' ? 'double_reentry' : 'not_inside',
            { movementId: m.id },
          ),
          staff_user_id: m.staff_user_id,
        };
        await conflicts.insertConflict(trx, row);
        out.conflictIds.push(row.id);
      }
      let flag: ConflictKind | null = null;
      if (!fitting.has(movementId)) flag = kind === 'reentry' ? 'double_reentry' : 'not_inside';
      else if (
        kind === 'reentry' &&
        ticket.user_id &&
        (await activeBanFor(trx, event.club_id, ticket.user_id, new Date(at)))
      )
        flag = 'banned_entry';
      else if (kind === 'reentry' && reentryClosed(event, at)) flag = 'reentry_closed';
      if (!flag) return { status, outside: Boolean(outside), conflictId: null, reason: null };
      const row = conflictRow(event, actor, door, item, flag, { movementId });
      await conflicts.insertConflict(trx, row);
      return {
        status,
        outside: Boolean(outside),
        conflictId: row.id,
        reason: row.reason,
      };
    });
    if (done.status === 'used')
      out.changed.push({ ticketId: ticket.id, status: 'used', outside: done.outside });
    if (!done.conflictId) return result(item, 'recorded');
    out.conflictIds.push(done.conflictId);
    return result(item, 'conflict', done.reason, done.conflictId);
  } catch (error) {
    // The same movement synced twice at once: the first one recorded it.
    if (!isUniqueViolation(error)) throw error;
    const again = await replayMovement(ctx.db, event, actor, item);
    if (!again) throw error;
    return again;
  }
}

// A refusal. It applies as it would have online (the ticket becomes 'rechazada', the holder is told, the club's
// policy refunds it), undoing the entry the same door recorded for it first; when another door let the ticket
// in, the refusal cannot apply and the staff see that the ticket got in anyway.
export async function syncRefusal(
  ctx: DoorContext,
  event: DoorEventRow,
  actor: Actor,
  door: string,
  item: OfflineCheckIn,
  out: SyncAnnouncements,
): Promise<SyncItemResult> {
  const refusal = item.refusal!;
  const replay = async () => {
    const previous = await refusals.refusalByClient(ctx.db, actor.id, item.clientId);
    if (previous)
      return previous.event_id === event.id
        ? result(item, 'recorded')
        : result(item, 'rejected', 'wrong_event');
    const flagged = await conflicts.conflictByClient(ctx.db, actor.id, item.clientId);
    if (!flagged) return null;
    if (flagged.event_id !== event.id) return result(item, 'rejected', 'wrong_event');
    return result(item, 'conflict', (flagged.reason as ScanOutcome | null) ?? null, flagged.id);
  };
  const replayed = await replay();
  if (replayed) return replayed;
  const ticket = await repo.findTicket(ctx.db, item.ticketId);
  if (!ticket) return result(item, 'rejected', 'unknown');
  if (ticket.event_id !== event.id) return result(item, 'rejected', 'wrong_event');
  const entry = refusal.entryClientId
    ? await repo.findCheckInByClient(ctx.db, actor.id, refusal.entryClientId)
    : undefined;
  const at = new Date(item.scannedAt).toISOString();
  try {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const recorded = await recordRefusal(trx, {
        ticket,
        event,
        actor,
        door,
        reason: refusal.reason,
        note: refusal.note || null,
        entryId: entry && entry.ticket_id === ticket.id ? entry.id : null,
        clientId: item.clientId,
        at,
        offline: true,
      });
      if (recorded) return { recorded, status: 'refused', conflictId: null };
      const { status } = await trx
        .selectFrom('tickets')
        .select('status')
        .where('id', '=', ticket.id)
        .executeTakeFirstOrThrow();
      if (status !== 'used') return { recorded: null, status, conflictId: null };
      const row = conflictRow(event, actor, door, item, 'refused_but_entered', {});
      await conflicts.insertConflict(trx, row);
      return { recorded: null, status, conflictId: row.id };
    });
    if (done.recorded) {
      if (done.recorded.notification) out.notifications.push(done.recorded.notification);
      out.changed.push({ ticketId: ticket.id, status: 'refused', outside: false });
      return result(item, 'recorded');
    }
    if (done.conflictId) {
      out.conflictIds.push(done.conflictId);
      return result(item, 'conflict', 'already_used', done.conflictId);
    }
    // Refused already (at another door): what this door did stands. Cancelled or passed on: nothing to refuse.
    return done.status === 'refused'
      ? result(item, 'recorded')
      : result(item, 'rejected', STATUS_OUTCOME[done.status] ?? 'unknown');
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const again = await replay();
    if (!again) throw error;
    return again;
  }
}
