// The SQL every part of promoters counts with: the attributed tickets and the commission each one earns. Every
// figure is counted from tickets (status 'used' = checked in at the door); nothing is stored twice.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

// A checked-in ticket's commission in cents: the promoter's rule for its type, else their default for the club;
// a percentage is in basis points of the ticket price, rounded down. Nothing until the ticket is used. A fixed
// amount is at most what the ticket cost: a club-wide default is set once for tickets of every price, and a
// type's price may come down after a rule was set, but a promoter never earns more than the sale brought in.
export const commissionCents: RawBuilder<number> = sql<number>`case when t.status = 'used' then
  case coalesce(r.kind, cp.commission_kind)
    when 'fixed' then
      case when coalesce(r.value, cp.commission_value) > t.price_cents then t.price_cents
      else coalesce(r.value, cp.commission_value) end
    else (t.price_cents * coalesce(r.value, cp.commission_value)) / 10000
  end
  else 0 end`;

export const NOT_SALES = ['cancelled', 'transferred'];

export const checkedIn = sql<number>`case when t.status = 'used' then 1 else 0 end`;

// Attributed tickets joined to what their commission needs. A cancelled ticket was never a sale. A transferred one
// is replaced by the ticket it became, which keeps the promoter (and list): the sale is counted once, on the ticket
// that can still be used.
export function attributed(db: Q) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('club_promoters as cp', (j) =>
      j.onRef('cp.user_id', '=', 't.promoter_id').onRef('cp.club_id', '=', 'e.club_id'),
    )
    .leftJoin('promoter_commission_rules as r', (j) =>
      j.onRef('r.promoter_id', '=', 't.promoter_id').onRef('r.ticket_type_id', '=', 't.ticket_type_id'),
    );
}

export const num = (v: number | string | bigint | null | undefined) => Number(v ?? 0);
