// The events of the clubs someone runs, every status, with what each has sold and let in: counted by the
// database in one query.
import type { ManagedEventRow } from '@nocturna/shared';
import type { Db } from '../../../db/connect.ts';
import { toIso } from '../../../db/schema.ts';

// Events with their places, tickets sold (valid or used) and people let in, each counted by the database.
export function selectEventFigures(db: Db) {
  return db
    .selectFrom('events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .select((eb) => [
      'e.id',
      'e.slug',
      'e.name',
      'e.club_id',
      'c.name as club_name',
      'c.capacity as aforo',
      'e.start_at',
      'e.end_at',
      'e.status',
      eb
        .selectFrom('ticket_types as tt')
        .select((s) => s.fn.coalesce(s.fn.sum<number>('tt.capacity'), s.lit(0)).as('n'))
        .whereRef('tt.event_id', '=', 'e.id')
        .as('capacity'),
      eb
        .selectFrom('tickets as t')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('t.event_id', '=', 'e.id')
        .where('t.status', 'in', ['valid', 'used'])
        .as('sold'),
      eb
        .selectFrom('tickets as t')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('t.event_id', '=', 'e.id')
        .where('t.status', '=', 'used')
        .as('checked_in'),
    ]);
}

type FiguresRow = Awaited<ReturnType<ReturnType<typeof selectEventFigures>['execute']>>[number];

export function toEventFigures(r: FiguresRow): ManagedEventRow {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    clubId: r.club_id,
    clubName: r.club_name,
    startAt: toIso(r.start_at),
    endAt: toIso(r.end_at),
    status: r.status,
    capacity: Number(r.capacity ?? 0),
    aforo: Number(r.aforo),
    sold: Number(r.sold ?? 0),
    checkedIn: Number(r.checked_in ?? 0),
  };
}

export async function listManagedEvents(
  db: Db,
  filter: {
    clubIds: string[] | null;
    clubId?: string;
    from?: string;
    to?: string;
    limit?: number;
    order?: 'asc' | 'desc';
  },
): Promise<ManagedEventRow[]> {
  let q = selectEventFigures(db);
  if (filter.clubIds) q = q.where('e.club_id', 'in', filter.clubIds.length ? filter.clubIds : ['']);
  if (filter.clubId) q = q.where('e.club_id', '=', filter.clubId);
  if (filter.from) q = q.where('e.end_at', '>', filter.from);
  if (filter.to) q = q.where('e.start_at', '<', filter.to);
  const rows = await q
    .orderBy('e.start_at', filter.order ?? 'asc')
    .orderBy('e.id')
    .limit(filter.limit ?? 100)
    .execute();
  return rows.map(toEventFigures);
}
