// Statements (liquidaciones): per event or per period, every attributed ticket with its status and commission, and
// the totals. The promoter and the club's CEO read the same function, so they see the same figures. The CEO marks
// an event's or a period's statement paid: its lines are kept as they were (frozen); what changes afterwards (a
// guest checked in late, a changed rule) shows as adjustment lines against the frozen ones, never as a rewrite.
// A ticket is settled by one paid statement only: an event inside a paid month (or the month of a paid event)
// shows what already paid it and cannot be paid again.
import { uuidv7 } from 'uuidv7';
import type { Statement, StatementLine } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { requireClubManager } from '../../club-staff/index.ts';
import { num } from '../repository.ts';
import * as repo from './repository.ts';
import { resolve, scopeKeyOf, settles, type PaidRow, type Resolved, type StatementScope } from './scope.ts';
import * as clock from '../../../clock.ts';

type Actor = { id: string; name: string };

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
    priceCents: num(r.price_cents),
    // A cancelled ticket earns nothing whatever its rule says (it was never used).
    commissionCents: num(r.commission),
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

// The nights a statement covers: those of its lines, and the event asked for even before it has any.
function nightsInScope(live: StatementLine[], r: Resolved) {
  const eventsInScope = new Map<string, { name: string; startAt: string }>();
  for (const l of live)
    if (!eventsInScope.has(l.eventId))
      eventsInScope.set(l.eventId, { name: l.eventName, startAt: l.eventStartAt });
  if (r.event && !eventsInScope.has(r.event.id))
    eventsInScope.set(r.event.id, { name: r.event.name, startAt: r.event.startAt });
  return eventsInScope;
}

// Another paid statement that settled a night of this one, as the statement names it.
function coverage(
  p: PaidRow,
  nameOf: (id: string | undefined) => string | null,
): Statement['coveredBy'][number] {
  const [kind, a, b] = p.scope_key.split(':');
  return kind === 'event'
    ? { kind: 'event' as const, eventName: nameOf(a), from: null, to: null, paidAt: toIso(p.paid_at) }
    : {
        kind: 'period' as const,
        eventName: null,
        from: a ?? null,
        to: b ?? null,
        paidAt: toIso(p.paid_at),
      };
}

async function build(db: Db, r: Resolved): Promise<Statement & { payable: StatementLine[] }> {
  const [rows, paidRows] = await Promise.all([
    repo.statementLines(db, {
      clubId: r.club.id,
      promoterId: r.promoter.id,
      eventId: r.event?.id,
      from: r.from ?? undefined,
      to: r.to ?? undefined,
    }),
    repo.paidStatements(db, r.club.id, r.promoter.id),
  ]);
  const live = rows.map(toLine);
  const eventsInScope = nightsInScope(live, r);
  const ownKey = scopeKeyOf(r);
  const own = paidRows.find((p) => p.scope_key === ownKey);
  const frozen = own ? (JSON.parse(await repo.frozenLines(db, own.id)) as StatementLine[]) : null;
  // Another statement paid before this one (or at all, while this one is open) settled that night's tickets: a
  // period leaves out the nights already paid on their own, and owes only the rest.
  const before = (p: PaidRow) => p !== own && (!own || toIso(p.paid_at) < toIso(own.paid_at));
  const settledElsewhere = (id: string, startAt: string) =>
    paidRows.some((p) => before(p) && settles(p, id, startAt));
  const payable = live.filter((l) => !settledElsewhere(l.eventId, l.eventStartAt));
  // A paid statement is its frozen lines; the live differences become adjustments.
  const lines = frozen ?? live;
  const adjustments = frozen ? adjustmentsOf(frozen, payable) : [];
  const settledBy = (id: string, startAt: string) => paidRows.filter((p) => settles(p, id, startAt));
  const others = paidRows.filter(
    (p) => p !== own && [...eventsInScope].some(([id, e]) => settles(p, id, e.startAt)),
  );
  const nameOf = (id: string | undefined) => (id ? (eventsInScope.get(id)?.name ?? null) : null);
  const events = [...eventsInScope].map(([id, e]) => ({
    id,
    name: e.name,
    startAt: e.startAt,
    commissionCents: sumOf(live.filter((l) => l.eventId === id)),
    paid: settledBy(id, e.startAt).length > 0,
  }));
  return {
    payable,
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
          total: { cents: num(own.total_cents), currency: 'EUR' },
        }
      : null,
    adjustments,
    adjustmentsTotalCents: adjustments.reduce((s, a) => s + a.deltaCents, 0),
    payableCents: own ? 0 : sumOf(payable),
    payableLines: own ? 0 : payable.length,
    coveredBy: others.map((p) => coverage(p, nameOf)),
    events,
  };
}

// The promoter's own statement.
export async function myStatement(db: Db, promoterId: string, scope: StatementScope): Promise<Statement> {
  return withoutPayable(await build(db, await resolve(db, promoterId, scope)));
}

function withoutPayable({
  payable: _payable,
  ...statement
}: Statement & { payable: StatementLine[] }): Statement {
  return statement;
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
  return withoutPayable(await build(db, await resolve(db, promoterId, { ...scope, clubId })));
}

const alreadyPaid = () =>
  new AppError(
    409,
    'STATEMENT_ALREADY_PAID',
    'Esta liquidación ya está pagada: los cambios salen como ajustes.',
  );
const overlaps = () =>
  new AppError(
    409,
    'STATEMENT_OVERLAPS',
    'Parte de estas entradas ya se pagó en otra liquidación (un evento o un periodo que se solapa): no se paga dos veces.',
  );

// Marks an event's or a period's statement paid: its lines as they are now are kept, frozen, and each of its
// tickets is claimed for it. Two clicks (or two CEOs) at once insert one statement: the unique (club, promoter,
// scope) index decides. Two overlapping statements paid at once (an event and its month) claim the same tickets:
// the tickets' primary key decides, the loser's transaction rolls back and gets 409.
export async function payStatement(
  db: Db,
  actor: Actor,
  clubId: string,
  promoterId: string,
  scope: { eventId?: string; from?: string; to?: string },
  now = clock.now(),
): Promise<Statement> {
  await requireClubManager(db, actor, clubId);
  const resolved = await resolve(db, promoterId, { ...scope, clubId });
  const current = await build(db, resolved);
  if (current.paid) throw alreadyPaid();
  // An event inside a paid period (or paid on its own) is settled; a period pays the nights not paid yet.
  if (resolved.event && current.coveredBy.length > 0) throw overlaps();
  if (!resolved.event && current.payable.length === 0)
    throw new AppError(409, 'STATEMENT_NOTHING_TO_PAY', 'No queda nada por pagar en este periodo.');
  const lines = resolved.event ? current.lines : current.payable;
  const statementId = uuidv7();
  await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertPaidStatement(trx, {
      id: statementId,
      club_id: resolved.club.id,
      promoter_id: promoterId,
      scope_key: scopeKeyOf(resolved),
      total_cents: sumOf(lines),
      lines: JSON.stringify(lines),
      paid_at: now.toISOString(),
      paid_by: actor.id,
    });
    if (!inserted) throw alreadyPaid();
    const ticketIds = lines.map((l) => l.ticketId);
    if ((await repo.claimTickets(trx, statementId, ticketIds)) !== ticketIds.length) throw overlaps();
  });
  return withoutPayable(await build(db, resolved));
}
