// What an event (or one of its ticket types) has brought in, as SQL both engines run: money received is what card
// orders were paid, less what was refunded of them, plus the door price of each pay-at-the-door ticket once it was
// checked in (a door ticket not let in has paid nothing). The door prices of pay-at-the-door tickets not checked in
// yet are "expected at the door", apart, and only while the night is not over (after it, they are no-shows).
import { sql, type RawBuilder } from 'kysely';

// A card order's money arrived: paid (tickets issued or not yet), or paid and then refunded in part or whole.
export const PAID_ORDER_STATUSES = ['paid', 'fulfilled', 'partially_refunded', 'refunded'] as const;
const paid = sql.join(PAID_ORDER_STATUSES.map((s) => sql.lit(s)));

// `scope` narrows the rows to one event (and type): a column reference each, compared with the orders' and the
// tickets' own columns.
type Scope = { event: string; type?: string };

const orderScope = (s: Scope) =>
  s.type
    ? sql`po.event_id = ${sql.ref(s.event)} and po.ticket_type_id = ${sql.ref(s.type)}`
    : sql`po.event_id = ${sql.ref(s.event)}`;
const ticketScope = (s: Scope) =>
  s.type
    ? sql`dt.event_id = ${sql.ref(s.event)} and dt.ticket_type_id = ${sql.ref(s.type)}`
    : sql`dt.event_id = ${sql.ref(s.event)}`;

export function receivedCents(scope: Scope): RawBuilder<number> {
  return sql<number>`(coalesce((select sum(po.total_cents - po.refunded_cents) from payment_orders po
      where ${orderScope(scope)} and po.status in (${paid})), 0)
    + coalesce((select sum(dt.price_cents) from tickets dt
      where ${ticketScope(scope)} and dt.payment_status = 'due_at_door' and dt.status = 'used'), 0))`;
}

// The door prices still to be paid, whether or not the night is over.
export function dueAtDoorCents(scope: Scope): RawBuilder<number> {
  return sql<number>`coalesce((select sum(dt.price_cents) from tickets dt
      where ${ticketScope(scope)} and dt.payment_status = 'due_at_door' and dt.status = 'valid'), 0)`;
}

// Expected at the door: what is due, while the event (its end column `endAt`) has not ended at `now`.
export function expectedAtDoorCents(scope: Scope, endAt: string, now: Date): RawBuilder<number> {
  return sql<number>`(case when ${sql.ref(endAt)} > ${now.toISOString()} then ${dueAtDoorCents(scope)} else 0 end)`;
}
