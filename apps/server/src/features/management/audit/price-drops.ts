// Price drops, read from the audit trail this feature writes with every ticket type change ("priceCents" before
// and after, repository.ts changedFields): a visible type of an upcoming published event that got cheaper, among the
// events a person cares about (`relevant`: subqueries of event ids and club ids, built by "Novedades").
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connect.ts';
import { engineOf } from '../../../db/text-search.ts';

export type PriceDrop = {
  audit_id: string;
  ticket_type_id: string;
  ticket_type: string;
  event_id: string;
  old_cents: number | string;
  new_cents: number | string;
  at: string | Date;
};

function priceIn(db: Db, column: 'a.before' | 'a.after'): RawBuilder<number> {
  return engineOf(db) === 'postgres'
    ? sql<number>`((${sql.ref(column)})::jsonb ->> 'priceCents')::integer`
    : sql<number>`json_extract(${sql.ref(column)}, '$.priceCents')`;
}

export async function priceDropsSince(
  db: Db,
  since: string,
  now: string,
  limit: number,
  relevant: { eventIds: Expression<unknown>; clubIds: Expression<unknown> },
): Promise<PriceDrop[]> {
  const before = priceIn(db, 'a.before');
  const after = priceIn(db, 'a.after');
  const { rows } = await sql<PriceDrop>`
    select a.id as audit_id, tt.id as ticket_type_id, tt.name as ticket_type, tt.event_id as event_id,
      ${before} as old_cents, ${after} as new_cents, a.created_at as at
    from audit_log a
    join ticket_types tt on tt.id = a.entity_id
    join events e on e.id = tt.event_id
    where a.entity = 'ticket_type' and a.created_at >= ${since}
      and a.before is not null and a.after is not null
      and ${before} > ${after}
      and e.status = 'published' and e.end_at > ${now} and tt.hidden = ${false}
      and (e.id in (${relevant.eventIds}) or e.club_id in (${relevant.clubIds}))
    order by a.created_at desc, a.id
    limit ${sql.lit(Math.trunc(limit))}`.execute(db);
  return rows;
}
