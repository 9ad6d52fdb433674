// What the payments feature does to tickets, inside its own transactions: hold places for a card order (the
// order row and the places, by the same guards a sale uses), free them when the hold ends, and issue the order's
// tickets once the payment is confirmed.
import type { Notification } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { createNotification } from '../notifications/index.ts';
import { creditedPromoter } from '../attribution/index.ts';
import { ticketIssued } from './notification-messages.ts';
import * as repo from './repository.ts';
import { historyRow, signToken } from './ticket-writes.ts';
import type { TicketSigner } from './signing.ts';
import { asDate } from './views.ts';
import * as line from './waitlist-repository.ts';
import { offerGone } from './waitlist-offers.ts';
import * as clock from '../../clock.ts';

export type PlaceHold = {
  orderId: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  ticketTypeId: string;
  quantity: number;
  // The type's per-person limit: a held place counts against it as a ticket does.
  perPersonLimit: number;
  at: string;
};

// 'replay': an order with this key exists (a retry racing this request); 'limit': the person's tickets and held
// places of this type would go over its limit; 'sold_out': too few places left — the caller rolls its transaction
// back. Locks in the order a sale takes them: the order's key, the person's holding, then the type.
export async function holdPlaces(
  trx: Db,
  hold: PlaceHold,
): Promise<'held' | 'replay' | 'limit' | 'sold_out'> {
  const inserted = await repo.insertOrder(trx, {
    id: hold.orderId,
    user_id: hold.userId,
    idempotency_key: hold.idempotencyKey,
    request_hash: hold.requestHash,
    ticket_type_id: hold.ticketTypeId,
    quantity: hold.quantity,
    // Its tickets, when issued, are paid; until then payment_orders says where the payment stands.
    payment_status: 'paid',
    payment_reference: null,
    created_at: hold.at,
  });
  if (!inserted) return 'replay';
  // The same guarded upsert a sale uses: parallel holds of one person are decided one after the other.
  if (!(await repo.addHolding(trx, hold.userId, hold.ticketTypeId, hold.quantity, hold.perPersonLimit)))
    return 'limit';
  return (await repo.reserveSeats(trx, hold.ticketTypeId, hold.quantity)) ? 'held' : 'sold_out';
}

// The card order of a waitlist offer: the order row, the offer still this person's (its place is kept in
// `sold` by the offer, so none is reserved here), then the person's share of the limit, as a hold counts it.
// Throws offerGone when the offer ended meanwhile.
export async function holdOfferedPlace(
  trx: Db,
  hold: Omit<PlaceHold, 'quantity'> & { entryId: string },
): Promise<'held' | 'replay' | 'limit'> {
  const inserted = await repo.insertOrder(trx, {
    id: hold.orderId,
    user_id: hold.userId,
    idempotency_key: hold.idempotencyKey,
    request_hash: hold.requestHash,
    ticket_type_id: hold.ticketTypeId,
    quantity: 1,
    payment_status: 'paid',
    payment_reference: null,
    created_at: hold.at,
  });
  if (!inserted) return 'replay';
  if (!(await line.holdOffer(trx, hold.entryId, hold.userId, hold.at))) throw offerGone();
  return (await repo.addHolding(trx, hold.userId, hold.ticketTypeId, 1, hold.perPersonLimit))
    ? 'held'
    : 'limit';
}

export async function findOrderByKey(db: Db, userId: string, idempotencyKey: string) {
  return repo.findOrder(db, userId, idempotencyKey);
}

// A hold that ends without tickets: its places go back on sale and stop counting against the person's limit
// (lock order as in a sale: the holding, then the type).
export async function releasePlaces(
  trx: Db,
  hold: { userId: string; ticketTypeId: string; quantity: number },
): Promise<void> {
  await releaseHolding(trx, hold);
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ sold: eb('sold', '-', hold.quantity) }))
    .where('id', '=', hold.ticketTypeId)
    .where('sold', '>=', hold.quantity)
    .execute();
}

// A waitlist offer's card order that ends without a ticket: only the person's share of the limit goes back; the
// place belongs to the offer (the waitlist passes it on).
export async function releaseHolding(
  trx: Db,
  hold: { userId: string; ticketTypeId: string; quantity: number },
): Promise<void> {
  await trx
    .updateTable('ticket_holdings')
    .set((eb) => ({ held: eb('held', '-', hold.quantity) }))
    .where('user_id', '=', hold.userId)
    .where('ticket_type_id', '=', hold.ticketTypeId)
    .where('held', '>=', hold.quantity)
    .execute();
}

export type OrderTickets = {
  orderId: string;
  userId: string;
  ticketTypeId: string;
  quantity: number;
  unitPriceCents: number;
  promoCode: string | null;
  promoterId: string | null;
  // false: the places (and the person's limit) are still held by the order; true: the hold ran out, take them
  // again now (late payment).
  reserve: boolean;
};

// Throws EVENT_CANCELLED / EVENT_FINISHED (no ticket for a night that will not or did not happen),
// TICKET_LIMIT_REACHED or TICKETS_SOLD_OUT: the caller's transaction rolls back and it refunds instead.
export async function issueOrderTickets(
  trx: Db,
  signer: TicketSigner,
  order: OrderTickets,
  now = clock.now(),
): Promise<{ ticketIds: string[]; notification: Notification }> {
  const type = await repo.findTypeWithEvent(trx, order.ticketTypeId);
  const holder = await repo.findUserName(trx, order.userId);
  if (!type || !holder) throw new AppError(404, 'TICKET_TYPE_NOT_FOUND', 'El tipo de entrada no existe.');
  if (type.event_status === 'cancelled')
    throw new AppError(409, 'EVENT_CANCELLED', 'La discoteca ha cancelado el evento.');
  if (asDate(type.event_end_at).getTime() <= now.getTime())
    throw new AppError(409, 'EVENT_FINISHED', 'El evento ya ha terminado.');
  const at = now.toISOString();
  if (
    order.reserve &&
    !(await repo.addHolding(trx, order.userId, type.id, order.quantity, type.per_person_limit))
  )
    throw new AppError(409, 'TICKET_LIMIT_REACHED', 'Ya tienes el máximo de entradas de este tipo.', {
      details: { limit: type.per_person_limit },
    });
  const ids: string[] = [];
  for (let i = 0; i < order.quantity; i++) {
    const ticket = await repo.insertTicketWithFreshId(
      trx,
      {
        event_id: type.event_id,
        user_id: order.userId,
        ticket_type_id: type.id,
        type: type.name,
        price_cents: order.unitPriceCents,
        currency: type.currency,
        status: 'valid',
        check_in_at: null,
        created_at: at,
        holder_name: holder.name,
        order_id: order.orderId,
        payment_status: 'paid',
        promo_code: order.promoCode,
        promoter_id: creditedPromoter(order.promoterId, order.userId),
        updated_at: at,
      },
      signToken(signer, type.event_id),
      now,
    );
    ids.push(ticket.id);
  }
  await repo.insertHistory(
    trx,
    ids.map((id) => historyRow(id, type.event_id, 'issued', order.userId, at)),
  );
  const notification = await createNotification(
    trx,
    ticketIssued(order.userId, {
      ticketId: ids[0]!,
      eventId: type.event_id,
      eventName: type.event_name,
      startAt: asDate(type.event_start_at),
      quantity: ids.length,
      typeName: type.name,
    }),
  );
  // The places last, as in a sale (lock order: holdings, tickets, type).
  if (order.reserve && !(await repo.reserveSeats(trx, type.id, order.quantity)))
    throw new AppError(409, 'TICKETS_SOLD_OUT', 'Agotado: ya no quedan entradas de este tipo.');
  return { ticketIds: ids, notification };
}
