// Which statement is asked for: the club, the promoter, and an event or a period of nights; the key a paid one is
// stored under; and whether a paid statement settled a night.
import { nightOf } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import type * as repo from './repository.ts';

export type StatementScope = { clubId?: string; eventId?: string; from?: string; to?: string };

const eventKey = (eventId: string) => `event:${eventId}`;
const periodKey = (from: string, to: string) => `period:${from}:${to}`;

// A period of nights as instants: from 06:00 of its first day to 06:00 after its last (`to` is included).
function nightsOf(fromDate: string, toDate: string) {
  return {
    from: nightOf(fromDate).from.toISOString(),
    to: nightOf(toDate).to.toISOString(),
  };
}

export type Resolved = {
  club: { id: string; name: string };
  promoter: { id: string; name: string; code: string };
  event: { id: string; name: string; startAt: string } | null;
  period: { fromDate: string; toDate: string } | null;
  from: string | null;
  to: string | null;
};

export const scopeKeyOf = (r: Resolved) =>
  r.event ? eventKey(r.event.id) : periodKey(r.period!.fromDate, r.period!.toDate);

export type PaidRow = Awaited<ReturnType<typeof repo.paidStatements>>[number];

// Whether a paid statement settled the tickets of this event (its own, or a period holding the night).
export function settles(p: PaidRow, eventId: string, startAt: string): boolean {
  const [kind, a, b] = p.scope_key.split(':');
  if (kind === 'event') return a === eventId;
  if (!a || !b || !startAt) return false;
  const nights = nightsOf(a, b);
  return startAt >= nights.from && startAt < nights.to;
}

export async function resolve(db: Db, promoterId: string, scope: StatementScope): Promise<Resolved> {
  let clubId = scope.clubId;
  let event: Resolved['event'] = null;
  if (scope.eventId) {
    const row = await db
      .selectFrom('events')
      .select(['id', 'name', 'club_id', 'start_at'])
      .where((eb) => eb.or([eb('id', '=', scope.eventId!), eb('slug', '=', scope.eventId!)]))
      .executeTakeFirst();
    if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
    if (clubId && clubId !== row.club_id) throw notFound('El evento', 'EVENT_NOT_FOUND');
    clubId = row.club_id;
    event = { id: row.id, name: row.name, startAt: toIso(row.start_at) };
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
  const period = !event && scope.from && scope.to ? { fromDate: scope.from, toDate: scope.to } : null;
  const nights = period ? nightsOf(period.fromDate, period.toDate) : null;
  return {
    club: { id: link.club_id, name: link.club_name },
    promoter: { id: promoterId, name: link.name, code: link.code },
    event,
    period,
    from: nights?.from ?? null,
    to: nights?.to ?? null,
  };
}
