// The buyer's card orders: one (by its owner only: anyone else's answers like one that does not exist), their
// history, and the live push of an order's new state to every open tab of its buyer.
import { SOCKET_EVENTS, type PaymentOrder } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import * as repo from './repository.ts';
import { toOrderView } from './views.ts';

const orderMissing = () => notFound('El pedido', 'ORDER_NOT_FOUND');

export async function orderView(db: Db, orderId: string): Promise<PaymentOrder | null> {
  const row = await repo.selectOrderViews(db).where('o.id', '=', orderId).executeTakeFirst();
  if (!row) return null;
  return (await withExtras(db, [row]))[0]!;
}

export async function myOrder(db: Db, userId: string, orderId: string): Promise<PaymentOrder> {
  const row = await repo
    .selectOrderViews(db)
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw orderMissing();
  return (await withExtras(db, [row]))[0]!;
}

export async function myOrders(db: Db, userId: string, limit = 50): Promise<PaymentOrder[]> {
  const rows = await repo
    .selectOrderViews(db)
    .where('o.user_id', '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
  return withExtras(db, rows);
}

async function withExtras(db: Db, rows: repo.OrderViewRow[]): Promise<PaymentOrder[]> {
  const ids = rows.map((r) => r.id);
  const tickets = await repo.ticketIdsOfOrders(db, ids);
  const history = await repo.historyOfOrders(db, ids);
  return rows.map((r) =>
    toOrderView(r, { ticketIds: tickets.get(r.id) ?? [], history: history.get(r.id) ?? [] }),
  );
}

export async function publishOrder(db: Db, bus: RealtimeBus, orderId: string): Promise<void> {
  const view = await orderView(db, orderId);
  if (!view) return;
  const owner = await db
    .selectFrom('payment_orders')
    .select('user_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (owner) bus.toUser(owner.user_id, SOCKET_EVENTS.paymentOrderUpdated, view);
}
