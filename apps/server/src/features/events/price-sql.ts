// What a person can buy now, in SQL: each public ticket type's rank at `now`, exactly as saleStateOf and
// SALE_RANK in @nocturna/shared's price.ts (0 on sale, 1 not yet, 2 sold out, 3 closed or paused), and per event
// the lowest rank with the cheapest and dearest price among the types on sale. A catalogue page reads the price
// with its rows instead of a stored minimum that would go stale the moment a sale closes.
import { sql, type RawBuilder } from 'kysely';

// `now` is an ISO instant (or a reusable query's placeholder for one); timestamps compare as the engines store
// them (ISO text in SQLite, timestamptz in PostgreSQL).
function rankOfType(now: unknown): RawBuilder<number> {
  return sql<number>`case
    when events.status <> 'published' or events.end_at <= ${now} then 3
    when tt.sales_paused = ${true} then 3
    when tt.sales_from is not null and tt.sales_from > ${now} then 1
    when tt.sales_until is not null and tt.sales_until <= ${now} then 3
    when tt.entry_until is not null and tt.entry_until <= ${now} then 3
    when tt.sold >= tt.capacity then 2
    else 0 end`;
}

// Over the event's public types (hidden ones sell only with a promoter's code and never set the price).
function overPublicTypes<T>(aggregate: RawBuilder<unknown>): RawBuilder<T> {
  return sql<T>`(select ${aggregate} from ticket_types tt
    where tt.event_id = events.id and tt.hidden = ${false})`;
}

// null when the event has no public types.
export const saleRank = (now: unknown) => overPublicTypes<number | null>(sql`min(${rankOfType(now)})`);

export const priceFromCents = (now: unknown) =>
  overPublicTypes<number | null>(sql`min(case when ${rankOfType(now)} = 0 then tt.price_cents end)`);

export const priceToCents = (now: unknown) =>
  overPublicTypes<number | null>(sql`max(case when ${rankOfType(now)} = 0 then tt.price_cents end)`);
