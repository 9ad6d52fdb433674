// Tickets sold and people checked in for the events of tonight (started up to 12 h ago or starting within
// 12 h), for /metrics. One grouped query per scrape; the figures are the database's, so every server reports
// the same value (sum them with max(), not sum()).
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { Metrics } from '../../http/metrics.ts';
import * as clock from '../../clock.ts';

const WINDOW_MS = 12 * 60 * 60 * 1000;

async function tonightsTickets(db: Db) {
  const now = clock.nowMs();
  return db
    .selectFrom('events')
    .leftJoin('tickets', 'tickets.event_id', 'events.id')
    .select([
      'events.id as eventId',
      sql<number>`sum(case when tickets.status in ('valid', 'used') then 1 else 0 end)`.as('sold'),
      sql<number>`sum(case when tickets.status = 'used' then 1 else 0 end)`.as('checkedIn'),
    ])
    .where('events.status', '=', 'published')
    .where('events.start_at', '<=', new Date(now + WINDOW_MS).toISOString())
    .where('events.end_at', '>=', new Date(now - WINDOW_MS).toISOString())
    .groupBy('events.id')
    .execute();
}

export function registerTicketMetrics(metrics: Pick<Metrics, 'gauge'>, db: Db): void {
  // Both gauges come from one query per scrape (Prometheus scrapes every 15 s or so).
  let last: { at: number; rows: ReturnType<typeof tonightsTickets> } | null = null;
  const rows = () => {
    if (!last || performance.now() - last.at > 1000)
      last = { at: performance.now(), rows: tonightsTickets(db) };
    return last.rows;
  };
  metrics.gauge('nocturna_event_tickets_sold', "Tickets sold for tonight's events", ['event_id'], async () =>
    (await rows()).map((r) => ({ labels: { event_id: r.eventId }, value: Number(r.sold) })),
  );
  metrics.gauge('nocturna_event_checkins', "People checked in at tonight's events", ['event_id'], async () =>
    (await rows()).map((r) => ({ labels: { event_id: r.eventId }, value: Number(r.checkedIn) })),
  );
}
