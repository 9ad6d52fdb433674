// Taking a waitlist offer: the one place where an offered place becomes its taker's ticket. A free or
// pay-at-the-door type is taken when the offer is accepted (waitlist.ts); a card type when its payment is confirmed
// (the payments webhook, through takeOfferOfOrder). The offer's price is computed here too, so the quote shown
// before paying, the card order and a direct taking all use the same one.
import type { Notification, PaymentStatus } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { creditedPromoter } from '../attribution/index.ts';
import { createNotification } from '../notifications/index.ts';
import { ticketIssued } from './notification-messages.ts';
import * as repo from './repository.ts';
import { handOverResold, resaleSeller, type ResaleSeller } from './resale.ts';
import type { TicketSigner } from './signing.ts';
import { historyRow, signToken } from './ticket-writes.ts';
import { asDate, salesState } from './views.ts';
import * as line from './waitlist-repository.ts';
import { offerGone } from './waitlist-offers.ts';
import * as clock from '../../clock.ts';

type Entry = NonNullable<Awaited<ReturnType<typeof line.findEntryById>>>;

export type OfferTaking = {
  entry: Entry;
  buyer: { id: string; name: string };
  type: repo.TypeWithEvent;
  seller: ResaleSeller | null;
  unitPriceCents: number;
  orderId: string;
  paymentStatus: PaymentStatus;
  promoterId: string | null;
  // A card order already holds the buyer's share of the per-person limit; otherwise it is taken here.
  buyerHoldsPlace: boolean;
};

const limitReached = (limit: number) =>
  new AppError(409, 'TICKET_LIMIT_REACHED', `Ya tienes el máximo de entradas de este tipo (${limit}).`, {
    details: { limit },
  });

// An offer of this person that can still be taken, with its type, the seller of a resale and its price: a resale
// goes at the price the seller paid, never above the type's (it may have gone up since). Throws offerGone.
export async function offerOnHand(db: Db, entry: Entry, now: Date) {
  if (entry.status !== 'offered' || asDate(entry.offer_expires_at!) <= now) throw offerGone();
  const type = await repo.findTypeWithEvent(db, entry.ticket_type_id);
  if (!type || salesState(type, now) === 'closed') throw offerGone();
  const seller = entry.resale_ticket_id ? ((await resaleSeller(db, entry.resale_ticket_id)) ?? null) : null;
  if (entry.resale_ticket_id && !seller) throw offerGone();
  const unitPriceCents = seller ? Math.min(seller.price_cents, type.price_cents) : type.price_cents;
  return {
    type,
    seller,
    unitPriceCents,
    // A resale keeps the original sale's promoter unless this buyer came through another one; never the buyer.
    promoterId:
      creditedPromoter(entry.promoter_id, entry.user_id) ??
      creditedPromoter(seller?.promoter_id, entry.user_id),
  };
}

// What an offer in hand costs (the payments feature adds its service fee to quote it).
export async function offerPrice(db: Db, userId: string, entryId: string, now = clock.now()) {
  const entry = await line.findEntry(db, entryId, userId);
  if (!entry) throw notFound('Esa plaza en la lista de espera', 'WAITLIST_ENTRY_NOT_FOUND');
  const { type, unitPriceCents } = await offerOnHand(db, entry, now);
  return { ticketTypeId: type.id, clubId: type.club_id, kind: type.kind, unitPriceCents };
}

// Inside the taker's transaction: the per-person count moves (the buyer takes one place unless already held; a
// resale's seller gives one back), the ticket is written, the offer is taken (only while it lasts) and a resold
// ticket's QR dies in this same commit, its card payment refunded once. Throws offerGone (roll back) when the offer
// or the listing is no longer there, TICKET_LIMIT_REACHED when the buyer has no room.
export async function takeOfferedPlace(
  trx: Db,
  signer: TicketSigner,
  taking: OfferTaking,
  now: Date,
): Promise<{ ticketId: string; notifications: Notification[] }> {
  const { entry, buyer, type, seller } = taking;
  const at = now.toISOString();
  // Both holding rows in user-id order (as transfers take them), so crossing resales cannot deadlock.
  const moves = [
    ...(taking.buyerHoldsPlace ? [] : [{ userId: buyer.id, give: false }]),
    ...(seller ? [{ userId: seller.user_id, give: true }] : []),
  ].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  for (const move of moves) {
    if (move.give) await repo.releaseHolding(trx, move.userId, type.id);
    else if (!(await repo.addHolding(trx, move.userId, type.id, 1, type.per_person_limit)))
      throw limitReached(type.per_person_limit);
  }
  const ticket = await repo.insertTicketWithFreshId(
    trx,
    {
      event_id: type.event_id,
      user_id: buyer.id,
      ticket_type_id: type.id,
      type: type.name,
      price_cents: taking.unitPriceCents,
      currency: type.currency,
      status: 'valid',
      check_in_at: null,
      created_at: at,
      holder_name: buyer.name,
      order_id: taking.orderId,
      payment_status: taking.paymentStatus,
      promo_code: null,
      promoter_id: creditedPromoter(taking.promoterId, buyer.id),
      updated_at: at,
    },
    signToken(signer, type.event_id),
    now,
  );
  // The place was kept in `sold` for this offer: taking it reserves nothing more, and only while it lasts.
  if (!(await line.takeOffer(trx, entry.id, buyer.id, ticket.id, at))) throw offerGone();
  // The seller's QR dies in this same commit, or nothing happens.
  const sold = seller ? await handOverResold(trx, seller, entry.id, ticket.id, at) : null;
  if (sold === false) throw offerGone();
  await repo.insertHistory(trx, [historyRow(ticket.id, type.event_id, 'issued', buyer.id, at)]);
  const notification = await createNotification(
    trx,
    ticketIssued(buyer.id, {
      ticketId: ticket.id,
      eventId: type.event_id,
      eventName: type.event_name,
      startAt: asDate(type.event_start_at),
      quantity: 1,
      typeName: type.name,
    }),
  );
  return { ticketId: ticket.id, notifications: sold ? [notification, sold] : [notification] };
}

export type WaitlistOrder = {
  orderId: string;
  userId: string;
  entryId: string;
  unitPriceCents: number;
  promoterId: string | null;
  // False when the order's hold ended already (its share of the limit given back): it is taken again here.
  holdsPlace: boolean;
};

// The payments webhook's side of a card-paid offer, inside its transaction: the ticket, if the offer is still this
// person's (a pending order already holds their share of the limit). Null when the offer is gone (it expired and
// passed on, or was declined): the caller then applies the late-payment rule. Throws EVENT_CANCELLED /
// EVENT_FINISHED (refund), or offerGone when the offer ended while this ran (the caller retries and finds it gone).
export async function takeOfferOfOrder(
  trx: Db,
  signer: TicketSigner,
  order: WaitlistOrder,
  now: Date,
): Promise<{ ticketIds: string[]; notifications: Notification[] } | null> {
  const entry = await line.findEntryById(trx, order.entryId);
  if (!entry || entry.user_id !== order.userId) return null;
  const type = await repo.findTypeWithEvent(trx, entry.ticket_type_id);
  if (type?.event_status === 'cancelled')
    throw new AppError(409, 'EVENT_CANCELLED', 'La discoteca ha cancelado el evento.');
  if (type && asDate(type.event_end_at).getTime() <= now.getTime())
    throw new AppError(409, 'EVENT_FINISHED', 'El evento ya ha terminado.');
  if (entry.status !== 'offered' || asDate(entry.offer_expires_at!) <= now) return null;
  const holder = await repo.findUserName(trx, order.userId);
  if (!type || !holder) return null;
  const seller = entry.resale_ticket_id ? ((await resaleSeller(trx, entry.resale_ticket_id)) ?? null) : null;
  if (entry.resale_ticket_id && !seller) return null;
  const taken = await takeOfferedPlace(
    trx,
    signer,
    {
      entry,
      buyer: { id: order.userId, name: holder.name },
      type,
      seller,
      unitPriceCents: order.unitPriceCents,
      orderId: order.orderId,
      paymentStatus: 'paid',
      promoterId: order.promoterId,
      buyerHoldsPlace: order.holdsPlace,
    },
    now,
  );
  return { ticketIds: [taken.ticketId], notifications: taken.notifications };
}
