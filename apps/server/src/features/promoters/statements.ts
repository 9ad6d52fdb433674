// Statements (liquidaciones): per event or per period, every attributed ticket with its status and commission, and
// the totals. The promoter and the club's CEO read the same function, so they see the same figures. The CEO marks
// an event's statement paid: its lines are kept as they were (frozen); what changes afterwards (a guest checked in
// late, a changed rule) shows as adjustment lines against the frozen ones, never as a rewrite.
import { uuidv7 } from 'uuidv7';
import { madridInstant, type Statement, type StatementLine } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';
import * as repo from './repository.ts';

type Actor = { id: string; name: string };
export type StatementScope = { clubId?: string; eventId?: string; from?: string; to?: string };

const eventKey = (eventId: string) => `event:${eventId}`;

type Resolved = {
  club: { id: string; name: string };
  promoter: { id: string; name: string; code: string };
  event: { id: string; name: string } | null;
  from: string | null;
  to: string | null;
};

async function resolve(db: Db, promoterId: string, scope: StatementScope): Promise<Resolved> {
  let clubId = scope.clubId;
  let event: Resolved['event'] = null;
  if (scope.eventId) {
    const row = await db
      .selectFrom('events')
      .select(['id', 'name', 'club_id'])
      .where((eb) => eb.or([eb('id', '=', scope.eventId!), eb('slug', '=', scope.eventId!)]))
      .executeTakeFirst();
    if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
    if (clubId && clubId !== row.club_id) throw notFound('El evento', 'EVENT_NOT_FOUND');
    clubId = row.club_id;
    event = { id: row.id, name: row.name };
  }
  const link = await db
    .selectFrom('club_promoters as cp')
    .innerJoin('clubs', 'clubs.id', 'cp.club_id')
    .innerJoin('users', 'users.id', 'cp.user_id')
    .select(['cp.club_id', 'clubs.name as club_name', 'users.name', 'cp.code'])
    .where('cp.user_id', '=', promoterId)
    .$if(Boolean(clubId), (q) => q.where('cp.club_id', '=', clubId!))
    .orderBy('cp.created_at')
    .executeTakeFirst();
  if (!link)
    throw new AppError(
      403,
      'NOT_CLUB_PROMOTER',
      'Este RPP no trabaja con esta discoteca: no hay liquidación que ver.',
    );
  const from = scope.from ? madridInstant(scope.from, '06:00').toISOString() : null;
  // `to` is the last night included: it ends at 06:00 the morning after.
  const to = scope.to
    ? new Date(madridInstant(scope.to, '06:00').getTime() + 24 * 3600_000).toISOString()
    : null;
  return {
    club: { id: link.club_id, name: link.club_name },
    promoter: { id: promoterId, name: link.name, code: link.code },
    event,
    from,
    to,
  };
}

function toLine(r: Awaited<ReturnType<typeof repo.statementLines>>[number]): StatementLine {
  return {
    ticketId: r.id,
    eventId: r.event_id,
    eventName: r.event_name,
    eventStartAt: toIso(r.event_start_at),
    type: r.type,
    holderName: r.holder_name,
    channel: r.guest_list_id ? 'list' : 'link',
    status: r.status as StatementLine['status'],
    checkedInAt: r.check_in_at ? toIso(r.check_in_at) : null,
    priceCents: repo.num(r.price_cents),
    // A cancelled ticket earns nothing whatever its rule says (it was never used).
    commissionCents: repo.num(r.commission),
  };
}

const sumOf = (lines: StatementLine[]) => lines.reduce((s, l) => s + l.commissionCents, 0);

function adjustmentsOf(frozen: StatementLine[], live: StatementLine[]): Statement['adjustments'] {
  const before = new Map(frozen.map((l) => [l.ticketId, l]));
  const out: Statement['adjustments'] = [];
  for (const l of live) {
    const was = before.get(l.ticketId);
    before.delete(l.ticketId);
    const delta = l.commissionCents - (was?.commissionCents ?? 0);
    if (delta === 0) continue;
    out.push({
      ticketId: l.ticketId,
      eventName: l.eventName,
      holderName: l.holderName,
      reason: !was
        ? 'new_ticket'
        : l.status === 'used' && was.status !== 'used'
          ? 'checked_in_later'
          : l.status === 'cancelled'
            ? 'cancelled_later'
            : 'rule_changed',
      deltaCents: delta,
    });
  }
  for (const was of before.values())
    if (was.commissionCents !== 0)
      out.push({
        ticketId: was.ticketId,
        eventName: was.eventName,
        holderName: was.holderName,
        reason: 'cancelled_later',
        deltaCents: -was.commissionCents,
      });
  return out;
}

async function build(db: Db, r: Resolved): Promise<Statement> {
  const rows = await repo.statementLines(db, {
    clubId: r.club.id,
    promoterId: r.promoter.id,
    eventId: r.event?.id,
    from: r.from ?? undefined,
    to: r.to ?? undefined,
  });
  const live = rows.map(toLine);
  const eventIds = [...new Set(live.map((l) => l.eventId))];
  if (r.event && !eventIds.includes(r.event.id)) eventIds.push(r.event.id);
  const paidRows = await repo.statementsPaid(db, r.club.id, r.promoter.id, eventIds.map(eventKey));
  const paidBy = new Map(paidRows.map((p) => [p.scope_key, p]));
  const own = r.event ? paidBy.get(eventKey(r.event.id)) : undefined;
  const frozen = own ? (JSON.parse(own.lines) as StatementLine[]) : null;
  // A paid event's statement is its frozen lines; the live differences become adjustments.
  const lines = frozen ?? live;
  const adjustments = frozen ? adjustmentsOf(frozen, live) : [];
  const events = eventIds.map((id) => {
    const of = live.filter((l) => l.eventId === id);
    return {
      id,
      name: of[0]?.eventName ?? r.event?.name ?? '',
      startAt: of[0]?.eventStartAt ?? '',
      commissionCents: sumOf(of),
      paid: paidBy.has(eventKey(id)),
    };
  });
  return {
    club: r.club,
    promoter: r.promoter,
    scope: {
      kind: r.event ? 'event' : 'period',
      eventId: r.event?.id ?? null,
      eventName: r.event?.name ?? null,
      from: r.from,
      to: r.to,
    },
    lines,
    totals: {
      tickets: lines.filter((l) => l.status !== 'cancelled').length,
      checkedIn: lines.filter((l) => l.status === 'used').length,
      commission: { cents: sumOf(lines), currency: 'EUR' },
    },
    paid: own
      ? {
          at: toIso(own.paid_at),
          by: own.paid_by_name ?? null,
          total: { cents: repo.num(own.total_cents), currency: 'EUR' },
        }
      : null,
    adjustments,
    adjustmentsTotalCents: adjustments.reduce((s, a) => s + a.deltaCents, 0),
    events,
  };
}

// The promoter's own statement.
export async function myStatement(db: Db, promoterId: string, scope: StatementScope): Promise<Statement> {
  return build(db, await resolve(db, promoterId, scope));
}

// A club's CEO (or an admin) reading one of the club's promoters: the same statement.
export async function clubStatement(
  db: Db,
  actor: Actor,
  clubId: string,
  promoterId: string,
  scope: StatementScope,
): Promise<Statement> {
  await requireClubManager(db, actor, clubId);
  return build(db, await resolve(db, promoterId, { ...scope, clubId }));
}

// Marks an event's statement paid: its lines as they are now are kept, frozen. Two clicks (or two CEOs) at once
// insert one row: the unique (club, promoter, scope) index decides, the other gets 409.
export async function payStatement(
  db: Db,
  actor: Actor,
  clubId: string,
  promoterId: string,
  eventId: string,
  now = new Date(),
): Promise<Statement> {
  await requireClubManager(db, actor, clubId);
  const resolved = await resolve(db, promoterId, { clubId, eventId });
  const current = await build(db, resolved);
  if (current.paid)
    throw new AppError(
      409,
      'STATEMENT_ALREADY_PAID',
      'Esta liquidación ya está pagada: los cambios salen como ajustes.',
    );
  const result = await db
    .insertInto('promoter_statements')
    .values({
      id: uuidv7(),
      club_id: resolved.club.id,
      promoter_id: promoterId,
      scope_key: eventKey(resolved.event!.id),
      total_cents: current.totals.commission.cents,
      lines: JSON.stringify(current.lines),
      paid_at: now.toISOString(),
      paid_by: actor.id,
    })
    .onConflict((oc) => oc.columns(['club_id', 'promoter_id', 'scope_key']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1)
    throw new AppError(
      409,
      'STATEMENT_ALREADY_PAID',
      'Esta liquidación ya está pagada: los cambios salen como ajustes.',
    );
  return build(db, resolved);
}
