// The club's ban list. A ban keeps one person (a ticket's holder) out of one club until a date or for good.
// One unlifted ban per person and club is kept by a partial unique index; lifting is a conditional update, so
// two people lifting at once lift it once.
import { uuidv7 } from 'uuidv7';
import type { Ban, BanInput, DoorBan } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string };

// The ban that keeps this person out of this club at this moment, if any: what the door's scan asks.
export async function activeBanFor(
  db: Db,
  clubId: string,
  userId: string,
  at: Date = clock.now(),
): Promise<DoorBan | null> {
  const row = await db
    .selectFrom('club_bans')
    .select(['reason', 'until'])
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at.toISOString())]))
    .executeTakeFirst();
  return row ? { reason: row.reason, until: toIsoOrNull(row.until) } : null;
}

// The tickets of an event whose holders are banned from its club right now, for the offline door's pack.
export async function bannedTicketsOf(
  db: Db,
  event: { id: string; club_id: string },
  at: Date = clock.now(),
) {
  const rows = await db
    .selectFrom('tickets')
    .innerJoin('club_bans', 'club_bans.user_id', 'tickets.user_id')
    .select(['tickets.id as ticket_id', 'club_bans.reason', 'club_bans.until'])
    .where('tickets.event_id', '=', event.id)
    .where('club_bans.club_id', '=', event.club_id)
    .where('club_bans.lifted_at', 'is', null)
    .where((eb) => eb.or([eb('club_bans.until', 'is', null), eb('club_bans.until', '>', at.toISOString())]))
    .execute();
  return rows.map((r) => ({ ticketId: r.ticket_id, reason: r.reason, until: toIsoOrNull(r.until) }));
}

type BanRow = {
  id: string;
  club_id: string;
  user_id: string;
  ticket_id: string | null;
  incident_id: string | null;
  reason: string;
  until: string | Date | null;
  created_at: string | Date;
  lifted_at: string | Date | null;
  name: string | null;
  username: string | null;
};

export function toBan(row: BanRow, now = clock.now()): Ban {
  const until = toIsoOrNull(row.until);
  return {
    id: row.id,
    clubId: row.club_id,
    userId: row.user_id,
    personName: row.name ?? 'Sin nombre',
    username: row.username,
    ticketId: row.ticket_id,
    incidentId: row.incident_id,
    reason: row.reason,
    until,
    createdAt: toIso(row.created_at),
    liftedAt: toIsoOrNull(row.lifted_at),
    active: row.lifted_at === null && (until === null || new Date(until) > now),
  };
}

function bansWithPeople(db: Db) {
  return db
    .selectFrom('club_bans')
    .leftJoin('users', 'users.id', 'club_bans.user_id')
    .select([
      'club_bans.id',
      'club_bans.club_id',
      'club_bans.user_id',
      'club_bans.ticket_id',
      'club_bans.incident_id',
      'club_bans.reason',
      'club_bans.until',
      'club_bans.created_at',
      'club_bans.lifted_at',
      'users.name',
      'users.username',
    ]);
}

export async function listBans(db: Db, clubId: string, all: boolean): Promise<{ items: Ban[] }> {
  let query = bansWithPeople(db).where('club_bans.club_id', '=', clubId);
  if (!all) {
    const now = clock.now().toISOString();
    query = query
      .where('club_bans.lifted_at', 'is', null)
      .where((eb) => eb.or([eb('club_bans.until', 'is', null), eb('club_bans.until', '>', now)]));
  }
  const rows = await query
    .orderBy('club_bans.created_at', 'desc')
    .orderBy('club_bans.id', 'desc')
    .limit(500)
    .execute();
  return { items: rows.map((r) => toBan(r)) };
}

export function checkUntil(input: BanInput, now: Date, field = 'until') {
  if (input.until !== null && new Date(input.until) <= now)
    throw badRequest(field, 'La fecha de fin del veto tiene que ser futura.');
}

// Inside the caller's transaction. A ban that already ran out is closed first so the person can be banned again;
// an open one wins (the unique index decides when two people ban at once) and null comes back.
export async function insertBan(
  trx: Db,
  input: BanInput & { clubId: string; userId: string; ticketId: string | null; incidentId: string | null },
  actor: Actor,
  now: Date,
): Promise<string | null> {
  const at = now.toISOString();
  await trx
    .updateTable('club_bans')
    .set({ lifted_at: at })
    .where('club_id', '=', input.clubId)
    .where('user_id', '=', input.userId)
    .where('lifted_at', 'is', null)
    .where('until', '<=', at)
    .execute();
  const id = uuidv7();
  const inserted = await trx
    .insertInto('club_bans')
    .values({
      id,
      club_id: input.clubId,
      user_id: input.userId,
      ticket_id: input.ticketId,
      incident_id: input.incidentId,
      reason: input.reason,
      until: input.until,
      created_by: actor.id,
      created_at: at,
      lifted_at: null,
      lifted_by: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export const alreadyBanned = () =>
  new AppError(409, 'ALREADY_BANNED', 'Esta persona ya tiene un veto activo en esta discoteca.', {
    field: 'ticketId',
  });

// The holder of a ticket of one of this club's events.
export async function holderOf(db: Db, clubId: string, ticketId: string, field = 'ticketId') {
  const ticket = await db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .select(['tickets.id', 'tickets.user_id', 'tickets.event_id'])
    .where('tickets.id', '=', ticketId)
    .where('events.club_id', '=', clubId)
    .executeTakeFirst();
  if (!ticket)
    throw badRequest(field, 'Esa entrada no es de ningún evento de esta discoteca.', 'TICKET_NOT_FOUND');
  if (!ticket.user_id)
    throw badRequest(field, 'Esa entrada no tiene titular con cuenta: no se puede vetar.', 'NO_HOLDER');
  return { ...ticket, user_id: ticket.user_id };
}

export async function createBan(
  db: Db,
  actor: Actor,
  clubId: string,
  input: BanInput & { ticketId: string },
  now = clock.now(),
): Promise<Ban> {
  checkUntil(input, now);
  const ticket = await holderOf(db, clubId, input.ticketId);
  const id = await db
    .transaction()
    .execute((trx) =>
      insertBan(
        trx,
        { ...input, clubId, userId: ticket.user_id, ticketId: ticket.id, incidentId: null },
        actor,
        now,
      ),
    );
  if (!id) throw alreadyBanned();
  const row = await bansWithPeople(db).where('club_bans.id', '=', id).executeTakeFirstOrThrow();
  return toBan(row, now);
}

export async function liftBan(db: Db, actor: Actor, clubId: string, banId: string): Promise<Ban> {
  const lifted = await db
    .updateTable('club_bans')
    .set({ lifted_at: clock.now().toISOString(), lifted_by: actor.id })
    .where('id', '=', banId)
    .where('club_id', '=', clubId)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();
  const row = await bansWithPeople(db)
    .where('club_bans.id', '=', banId)
    .where('club_bans.club_id', '=', clubId)
    .executeTakeFirst();
  if (!row) throw notFound('El veto', 'BAN_NOT_FOUND');
  if (Number(lifted.numUpdatedRows) === 0)
    throw new AppError(409, 'BAN_ALREADY_LIFTED', 'Este veto ya estaba levantado.');
  return toBan(row);
}
