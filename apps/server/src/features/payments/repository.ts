// The payments feature's SQL: card orders and their moves (each one a conditional UPDATE on the status it leaves),
// the Stripe events already processed, refunds, and the clubs' billing settings.
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import {
  toIso,
  type ClubBillingTable,
  type Database,
  type PaymentOrderStatus,
  type PaymentOrdersTable,
  type PaymentRefundsTable,
} from '../../db/schema.ts';
import * as clock from '../../clock.ts';

type Q = Kysely<Database>;

export async function insertPaymentOrder(db: Q, row: PaymentOrdersTable): Promise<void> {
  await db.insertInto('payment_orders').values(row).execute();
  await recordState(db, row.id, row.status, String(row.created_at));
}

// One line of an order's history (in the transaction of the move it records).
async function recordState(db: Q, orderId: string, status: PaymentOrderStatus, at: string): Promise<void> {
  await db
    .insertInto('payment_order_history')
    .values({ id: uuidv7(), order_id: orderId, status, at })
    .execute();
}

export async function findPaymentOrder(db: Q, id: string) {
  return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

// The one way an order changes state: only from `from`, so of two racing moves exactly one happens.
export async function moveOrder(
  db: Q,
  id: string,
  from: PaymentOrderStatus | PaymentOrderStatus[],
  set: Partial<PaymentOrdersTable> & { status: PaymentOrderStatus },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', Array.isArray(from) ? from : [from])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordState(db, id, set.status, String(set.updated_at ?? clock.now().toISOString()));
  return true;
}

export async function setCheckoutSession(db: Q, id: string, sessionId: string, url: string, at: string) {
  await db
    .updateTable('payment_orders')
    .set({ checkout_session_id: sessionId, checkout_url: url, updated_at: at })
    .where('id', '=', id)
    .execute();
}

// The order rows as the API shows them: with the event, club and type they are for, and their tickets' ids.
export function selectOrderViews(db: Q) {
  return db
    .selectFrom('payment_orders as o')
    .innerJoin('events', 'events.id', 'o.event_id')
    .innerJoin('clubs', 'clubs.id', 'o.club_id')
    .innerJoin('ticket_types', 'ticket_types.id', 'o.ticket_type_id')
    .selectAll('o')
    .select([
      'events.name as event_name',
      'events.slug as event_slug',
      'events.start_at as event_start_at',
      'clubs.name as club_name',
      'ticket_types.name as type_name',
    ]);
}
export type OrderViewRow = Awaited<ReturnType<ReturnType<typeof selectOrderViews>['execute']>>[number];

export async function historyOfOrders(
  db: Q,
  orderIds: string[],
): Promise<Map<string, { status: PaymentOrderStatus; at: string }[]>> {
  const byOrder = new Map<string, { status: PaymentOrderStatus; at: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('payment_order_history')
    .select(['order_id', 'status', 'at'])
    .where('order_id', 'in', orderIds)
    // In the order the moves were written (uuidv7 ids grow with time; a job's `at` may be its scheduled time).
    .orderBy('id')
    .execute();
  for (const r of rows)
    byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), { status: r.status, at: toIso(r.at) }]);
  return byOrder;
}

export async function ticketIdsOfOrders(db: Q, orderIds: string[]): Promise<Map<string, string[]>> {
  const byOrder = new Map<string, string[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('tickets')
    .select(['id', 'order_id'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  for (const r of rows) byOrder.set(r.order_id!, [...(byOrder.get(r.order_id!) ?? []), r.id]);
  return byOrder;
}

// ---- webhook events ------------------------------------------------------------------------------------------

// False when this event id was processed already (a second delivery): the primary key decides.
export async function recordEvent(
  db: Q,
  event: { id: string; type: string; orderId: string | null; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({ id: event.id, type: event.type, order_id: event.orderId, received_at: event.at })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

// ---- refunds ---------------------------------------------------------------------------------------------------

// Claims the refund under its key; an existing claim is left as it is (and returned by findRefund).
export async function claimRefund(db: Q, row: PaymentRefundsTable): Promise<void> {
  await db
    .insertInto('payment_refunds')
    .values(row)
    .onConflict((oc) => oc.column('refund_key').doNothing())
    .execute();
}

export async function findRefund(db: Q, refundKey: string) {
  return db.selectFrom('payment_refunds').selectAll().where('refund_key', '=', refundKey).executeTakeFirst();
}

export async function completeRefund(db: Q, refundKey: string, stripeRefundId: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_refunds')
    .set({ status: 'succeeded', stripe_refund_id: stripeRefundId })
    .where('refund_key', '=', refundKey)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Adds a refunded amount to its order and moves it to refunded / partially_refunded, in one statement.
export async function addRefunded(db: Q, orderId: string, cents: number, at: string): Promise<void> {
  const moved = await db
    .updateTable('payment_orders')
    .set((eb) => ({
      refunded_cents: eb('refunded_cents', '+', cents),
      status: eb
        .case()
        .when(eb(eb('refunded_cents', '+', cents), '>=', eb.ref('total_cents')))
        .then('refunded')
        .else('partially_refunded')
        .end()
        .$castTo<PaymentOrderStatus>(),
      updated_at: at,
    }))
    .where('id', '=', orderId)
    .returning('status')
    .executeTakeFirst();
  if (moved) await recordState(db, orderId, moved.status, at);
}

// ---- club billing ----------------------------------------------------------------------------------------------

export async function findBilling(db: Q, clubId: string) {
  return db.selectFrom('club_billing').selectAll().where('club_id', '=', clubId).executeTakeFirst();
}

export async function upsertBilling(db: Q, row: ClubBillingTable): Promise<void> {
  await db
    .insertInto('club_billing')
    .values(row)
    .onConflict((oc) =>
      oc.column('club_id').doUpdateSet({
        legal_name: row.legal_name,
        nif: row.nif,
        vat_percent: row.vat_percent,
        service_fee_cents: row.service_fee_cents,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

// ---- the club's view -------------------------------------------------------------------------------------------

export async function ordersSummaryOfEvent(db: Q, eventId: string) {
  return db
    .selectFrom('payment_orders')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('quantity').as('tickets'),
      eb.fn.sum<number>('total_cents').as('total_cents'),
      eb.fn.sum<number>('refunded_cents').as('refunded_cents'),
    ])
    .where('event_id', '=', eventId)
    .groupBy('status')
    .execute();
}
