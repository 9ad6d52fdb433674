// What a CEO (or an admin, across every club) sees first: their clubs, tonight's events with live sales and
// entries, the next events, and alerts: a night nearly sold out, a ticket type with no sales 48 h before.
import { rangeFor, type CeoDashboard, type DashboardAlert } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { selectEventFigures, toEventFigures as toEvent } from '../management/index.ts';
import * as clock from '../../clock.ts';

const HOUR = 3600_000;

function eventsWithFigures(db: Db, clubIds: string[] | null) {
  const q = selectEventFigures(db).where('e.status', '!=', 'cancelled');
  return clubIds ? q.where('e.club_id', 'in', clubIds.length ? clubIds : ['']) : q;
}

export async function ceoDashboard(
  db: Db,
  clubIds: string[] | null,
  now = clock.now(),
): Promise<CeoDashboard> {
  const nightEnds = rangeFor('hoy', now).to.toISOString();
  const nowIso = now.toISOString();
  let clubs = db
    .selectFrom('clubs')
    .select(['id', 'slug', 'name', 'capacity', 'archived_at'])
    .orderBy('name');
  if (clubIds) clubs = clubs.where('id', 'in', clubIds.length ? clubIds : ['']);
  const [clubRows, tonight, next, last, emptyTypes] = await Promise.all([
    clubs.execute(),
    eventsWithFigures(db, clubIds)
      .where('e.end_at', '>', nowIso)
      .where('e.start_at', '<', nightEnds)
      .orderBy('e.start_at')
      .execute(),
    eventsWithFigures(db, clubIds)
      .where('e.start_at', '>=', nightEnds)
      .orderBy('e.start_at')
      .limit(8)
      .execute(),
    eventsWithFigures(db, clubIds)
      .where('e.start_at', '<=', nowIso)
      .orderBy('e.start_at', 'desc')
      .limit(1)
      .execute(),
    db
      .selectFrom('ticket_types as tt')
      .innerJoin('events as e', 'e.id', 'tt.event_id')
      .select(['e.id as event_id', 'e.name as event_name', 'e.start_at', 'tt.name'])
      .where('tt.sold', '=', 0)
      .where('tt.hidden', '=', false)
      .where('tt.sales_paused', '=', false)
      .where('e.status', '=', 'published')
      .where('e.start_at', '>', nowIso)
      .where('e.start_at', '<=', new Date(now.getTime() + 48 * HOUR).toISOString())
      .$if(clubIds !== null, (q) => q.where('e.club_id', 'in', clubIds!.length ? clubIds! : ['']))
      .orderBy('e.start_at')
      .limit(10)
      .execute(),
  ]);
  const upcoming = [...tonight, ...next].map(toEvent);
  const alerts: DashboardAlert[] = [];
  for (const e of upcoming) {
    if (e.status === 'published' && e.capacity > 0 && e.sold / e.capacity >= 0.9)
      alerts.push({
        kind: 'nearly_sold_out',
        eventId: e.id,
        eventName: e.name,
        typeName: null,
        share: e.sold / e.capacity,
        startAt: e.startAt,
      });
    if (e.status === 'draft' && new Date(e.startAt).getTime() - now.getTime() <= 72 * HOUR)
      alerts.push({
        kind: 'draft_soon',
        eventId: e.id,
        eventName: e.name,
        typeName: null,
        share: null,
        startAt: e.startAt,
      });
  }
  for (const t of emptyTypes)
    alerts.push({
      kind: 'type_without_sales',
      eventId: t.event_id,
      eventName: t.event_name,
      typeName: t.name,
      share: null,
      startAt: toIso(t.start_at),
    });
  return {
    clubs: clubRows.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      capacity: c.capacity,
      archived: c.archived_at !== null,
    })),
    tonight: tonight.map(toEvent),
    next: next.map(toEvent),
    lastEventId: last[0]?.id ?? null,
    alerts,
  };
}
