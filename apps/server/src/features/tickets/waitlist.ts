// The waitlist of a sold-out ticket type (issue 22, point 1). People join the line; a place freed by a
// cancellation is not put back on sale but offered to the first in line for WAITLIST_OFFER_MINUTES, still counted
// in `sold` so nobody else can buy it; if they do not take it, the offer-expiry job passes it to the next, and
// with nobody left the place goes back on sale. Every step is one transaction; the waitlist repository's
// conditional updates decide the races.
import crypto from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import { waitlistStatusSchema, type GetTicketsResponse, type WaitlistEntry } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, toIsoOrNull, type TicketWaitlistTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createNotification } from '../notifications/service.ts';
import { ticketIssued } from './notification-messages.ts';
import { providerFor } from './payment.ts';
import * as repo from './repository.ts';
import * as line from './waitlist-repository.ts';
import type { TicketsContext } from './service.ts';
import { historyRow, publishAll, signToken } from './ticket-writes.ts';
import { offerGone, offerIdleListing, passOfferOn } from './waitlist-offers.ts';
import { handOverResold, resaleSeller } from './resale.ts';
import { asDate, salesState, toTicket } from './views.ts';

type Person = { id: string; name: string };

const entryMissing = () => notFound('Esa plaza en la lista de espera', 'WAITLIST_ENTRY_NOT_FOUND');

function toEntry(row: TicketWaitlistTable & { ahead?: number | string | null }): WaitlistEntry {
  const status = waitlistStatusSchema.parse(row.status);
  return {
    id: row.id,
    ticketTypeId: row.ticket_type_id,
    eventId: row.event_id,
    status,
    position: status === 'waiting' ? Number(row.ahead ?? 0) + 1 : null,
    joinedAt: toIso(row.joined_at),
    offerExpiresAt: status === 'offered' ? toIsoOrNull(row.offer_expires_at) : null,
    ticketId: row.ticket_id,
  };
}

export async function myWaitlist(db: Db, userId: string, eventId: string): Promise<WaitlistEntry[]> {
  const rows = await line.entriesOfEventWithPosition(db, eventId, userId);
  return rows.map(toEntry);
}

// ---- joining and leaving ------------------------------------------------------------------------------------

export async function joinWaitlist(
  ctx: TicketsContext,
  user: Person,
  ticketTypeId: string,
  // The promoter whose link or code brought this person (a resale bought through them becomes theirs).
  promoterId: string | null = null,
  now = new Date(),
): Promise<{ entry: WaitlistEntry; joined: boolean }> {
  const { db } = ctx;
  const type = await repo.findTypeWithEvent(db, ticketTypeId);
  // A hidden type exists only for the holders of its codes, who buy it directly.
  if (!type || type.event_status !== 'published' || type.hidden)
    throw notFound('El tipo de entrada', 'TICKET_TYPE_NOT_FOUND');
  // An offered place is taken through the direct payment step; a card payment goes through Checkout, which an
  // offer does not open yet: rather than queue someone for a place they could not take, the line stays closed.
  if (type.kind === 'online')
    throw new AppError(
      409,
      'WAITLIST_UNAVAILABLE',
      'La lista de espera todavía no está disponible para entradas que se pagan con tarjeta.',
    );
  const state = salesState(type, now);
  if (state === 'closed')
    throw new AppError(409, 'TICKET_SALES_CLOSED', 'La venta de estas entradas ha terminado.');
  if (state === 'not_yet')
    throw new AppError(409, 'TICKET_SALES_NOT_STARTED', 'Estas entradas todavía no están a la venta.');
  if (type.sold < type.capacity)
    throw new AppError(
      409,
      'WAITLIST_NOT_NEEDED',
      'Todavía quedan entradas de este tipo: puedes conseguir la tuya directamente.',
    );
  const held = (await repo.heldBy(db, user.id, [type.id])).get(type.id) ?? 0;
  if (held >= type.per_person_limit)
    throw new AppError(
      409,
      'TICKET_LIMIT_REACHED',
      `Ya tienes el máximo de entradas de este tipo (${type.per_person_limit}).`,
    );
  const at = now.toISOString();
  const joined = await line.joinLine(db, {
    id: uuidv7(),
    ticket_type_id: type.id,
    event_id: type.event_id,
    user_id: user.id,
    status: 'waiting',
    joined_at: at,
    offered_at: null,
    offer_expires_at: null,
    ticket_id: null,
    resale_ticket_id: null,
    promoter_id: promoterId,
    updated_at: at,
  });
  // A ticket put up for resale and waiting for a buyer goes to the line at once (to this person if first).
  const offer = joined
    ? await ctx.db.transaction().execute((trx) => offerIdleListing(trx, type.id, now))
    : null;
  if (offer) await publishAll(ctx, [offer]);
  const entries = await myWaitlist(db, user.id, type.event_id);
  return { entry: entries.find((e) => e.ticketTypeId === type.id)!, joined };
}

// Leaving the line; leaving with an offer in hand declines it, and the place goes on to the next at once.
export async function leaveWaitlist(
  ctx: TicketsContext,
  user: Person,
  entryId: string,
  now = new Date(),
): Promise<WaitlistEntry> {
  const row = await line.findEntry(ctx.db, entryId, user.id);
  if (!row) throw entryMissing();
  const at = now.toISOString();
  if (row.status === 'waiting') {
    if (!(await line.leaveLine(ctx.db, entryId, user.id, at))) return leaveWaitlist(ctx, user, entryId, now);
  } else if (row.status === 'offered') {
    const notification = await ctx.db.transaction().execute(async (trx) => {
      if (!(await line.declineOffer(trx, entryId, user.id, at))) throw offerGone();
      return passOfferOn(trx, row, now);
    });
    if (notification) await publishAll(ctx, [notification]);
  } else {
    throw new AppError(409, 'WAITLIST_NOT_WAITING', 'Ya no estás en esta lista de espera.');
  }
  return toEntry({ ...row, status: 'left', updated_at: at });
}

// ---- taking the offer ---------------------------------------------------------------------------------------

export async function acceptWaitlistOffer(
  ctx: TicketsContext,
  user: Person,
  entryId: string,
  now = new Date(),
): Promise<GetTicketsResponse> {
  const { db } = ctx;
  const entry = await line.findEntry(db, entryId, user.id);
  if (!entry) throw entryMissing();
  const idempotencyKey = `waitlist:${entryId}`;
  const prior = await repo.findOrder(db, user.id, idempotencyKey);
  if (prior) return replayOrder(db, prior.id, now);
  if (entry.status !== 'offered' || asDate(entry.offer_expires_at!) <= now) throw offerGone();
  const type = await repo.findTypeWithEvent(db, entry.ticket_type_id);
  if (!type || salesState(type, now) === 'closed') throw offerGone();
  const seller = entry.resale_ticket_id ? await resaleSeller(db, entry.resale_ticket_id) : null;
  if (entry.resale_ticket_id && !seller) throw offerGone();
  // A resale goes at the price the seller paid, never above it (a type's price may have gone up since).
  const unitPriceCents = seller ? Math.min(seller.price_cents, type.price_cents) : type.price_cents;
  // An online (card) type goes through the same payment step as any sale: refused until a provider exists.
  const payment = await providerFor(ctx.payments, type.kind).settle({
    userId: user.id,
    ticketTypeId: type.id,
    quantity: 1,
    unitPriceCents,
    currency: type.currency,
    idempotencyKey,
  });
  const orderId = uuidv7();
  const at = now.toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertOrder(trx, {
      id: orderId,
      user_id: user.id,
      idempotency_key: idempotencyKey,
      request_hash: crypto.createHash('sha256').update(entryId).digest('base64url'),
      ticket_type_id: type.id,
      quantity: 1,
      payment_status: payment.status,
      payment_reference: payment.reference,
      created_at: at,
    });
    // The same offer taken twice at once: the second waits on the order key and answers with the first's ticket.
    if (!inserted)
      return { replayOf: (await repo.findOrder(trx, user.id, idempotencyKey))!.id, notifications: [] };
    // A resale moves one place of the per-person count from the seller to the buyer; both rows in user-id order
    // (as transfers take them), so crossing resales cannot deadlock.
    const moves = [
      { userId: user.id, give: false },
      ...(seller ? [{ userId: seller.user_id, give: true }] : []),
    ].sort((a, b) => (a.userId < b.userId ? -1 : 1));
    for (const move of moves) {
      if (move.give) await repo.releaseHolding(trx, move.userId, type.id);
      else if (!(await repo.addHolding(trx, move.userId, type.id, 1, type.per_person_limit)))
        throw new AppError(
          409,
          'TICKET_LIMIT_REACHED',
          `Ya tienes el máximo de entradas de este tipo (${type.per_person_limit}).`,
        );
    }
    const ticket = await repo.insertTicketWithFreshId(
      trx,
      {
        event_id: type.event_id,
        user_id: user.id,
        ticket_type_id: type.id,
        type: type.name,
        price_cents: unitPriceCents,
        currency: type.currency,
        status: 'valid',
        check_in_at: null,
        created_at: at,
        holder_name: user.name,
        order_id: orderId,
        payment_status: payment.status,
        promo_code: null,
        // A resale keeps the original sale's promoter unless this buyer came through another one.
        promoter_id: entry.promoter_id ?? seller?.promoter_id ?? null,
        updated_at: at,
      },
      signToken(ctx.signer, type.event_id, user.id),
      now,
    );
    // The place was kept in `sold` for this offer: taking it reserves nothing more, and only while it lasts.
    if (!(await line.takeOffer(trx, entryId, user.id, ticket.id, at))) throw offerGone();
    // The seller's QR dies in this same commit, or nothing happens.
    const sold = seller ? await handOverResold(trx, seller, entryId, ticket.id, at) : null;
    if (sold === false) throw offerGone();
    await repo.insertHistory(trx, [historyRow(ticket.id, type.event_id, 'issued', user.id, at)]);
    const notification = await createNotification(
      trx,
      ticketIssued(user.id, {
        ticketId: ticket.id,
        eventId: type.event_id,
        eventName: type.event_name,
        startAt: asDate(type.event_start_at),
        quantity: 1,
        typeName: type.name,
      }),
    );
    return { replayOf: null, notifications: sold ? [notification, sold] : [notification] };
  });
  if (outcome.replayOf !== null) return replayOrder(db, outcome.replayOf, now);
  await publishAll(ctx, outcome.notifications);
  const rows = await repo.ticketViewsOfOrder(db, orderId);
  return { tickets: rows.map((r) => toTicket(r, now)), replayed: false };
}

async function replayOrder(db: Db, orderId: string, now: Date): Promise<GetTicketsResponse> {
  const rows = await repo.ticketViewsOfOrder(db, orderId);
  return { tickets: rows.map((r) => toTicket(r, now)), replayed: true };
}
