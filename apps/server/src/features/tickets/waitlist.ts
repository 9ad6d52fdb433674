// The waitlist of a sold-out ticket type. People join the line; a place freed by a
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
import { creditedPromoter } from '../attribution/index.ts';
import { checkoutRequestFor, providerFor } from './payment.ts';
import * as repo from './repository.ts';
import * as line from './waitlist-repository.ts';
import type { TicketsContext } from './service.ts';
import { publishAll } from './ticket-writes.ts';
import { offerGone, offerIdleListing, passOfferOn } from './waitlist-offers.ts';
import { offerOnHand, takeOfferedPlace } from './offer-taking.ts';
import { salesState, toTicket } from './views.ts';
import * as clock from '../../clock.ts';

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
  now = clock.now(),
): Promise<{ entry: WaitlistEntry; joined: boolean }> {
  const { db } = ctx;
  const type = await repo.findTypeWithEvent(db, ticketTypeId);
  // A hidden type exists only for the holders of its codes, who buy it directly.
  if (!type || type.event_status !== 'published' || type.hidden)
    throw notFound('El tipo de entrada', 'TICKET_TYPE_NOT_FOUND');
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
  // The line is for people without a place: a holder queueing could be offered a place of their own (their own
  // resale listing among them) and take it from the next person.
  if (await line.holdsValidTicket(db, user.id, type.id))
    throw new AppError(
      409,
      'WAITLIST_ALREADY_HOLDER',
      'Ya tienes una entrada de este tipo: la lista de espera es para quien todavía no tiene la suya.',
    );
  const held = (await repo.heldBy(db, user.id, [type.id])).get(type.id) ?? 0;
  if (held >= type.per_person_limit)
    throw new AppError(
      409,
      'TICKET_LIMIT_REACHED',
      `Ya tienes el máximo de entradas de este tipo (${type.per_person_limit}).`,
      { details: { limit: type.per_person_limit } },
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
    promoter_id: creditedPromoter(promoterId, user.id),
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
  now = clock.now(),
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
    // A card order being paid for this offer ends too (its Checkout closed): the place is the next person's now.
    const order = await repo.findOrder(ctx.db, user.id, offerKey(row));
    const type = order ? await repo.findTypeWithEvent(ctx.db, row.ticket_type_id) : undefined;
    const provider = type ? ctx.payments[type.kind] : undefined;
    if (order && provider?.cancel) await provider.cancel(order.id);
  } else {
    throw new AppError(409, 'WAITLIST_NOT_WAITING', 'Ya no estás en esta lista de espera.');
  }
  return toEntry({ ...row, status: 'left', updated_at: at });
}

// ---- taking the offer ---------------------------------------------------------------------------------------

// The order key of one offer: taking it twice meets on it, and an entry offered again later (its seller used the
// listed ticket at the door, so it went back to waiting) gets a new order, not the first offer's.
const offerKey = (entry: TicketWaitlistTable) =>
  `waitlist:${entry.id}:${toIsoOrNull(entry.offered_at) ?? ''}`;

export type AcceptOptions = {
  // Where a card checkout sends the buyer back to.
  origin?: string;
  // The total the person was shown for a card offer (price + service fee): a different one is refused.
  expectedTotalCents?: number | null;
};

// A free or pay-at-the-door offer becomes the ticket at once; a card offer (an online type) opens a Checkout for
// its one place, at the offer's price plus the club's fee, payable until the offer's deadline: the ticket is
// written when the payment is confirmed (offer-taking.ts). Taking it twice answers with the same order.
export async function acceptWaitlistOffer(
  ctx: TicketsContext,
  user: Person,
  entryId: string,
  options: AcceptOptions = {},
  now = clock.now(),
): Promise<GetTicketsResponse> {
  const { db } = ctx;
  const entry = await line.findEntry(db, entryId, user.id);
  if (!entry) throw entryMissing();
  const idempotencyKey = offerKey(entry);
  const hash = crypto.createHash('sha256').update(entryId).digest('base64url');
  const prior = await repo.findOrder(db, user.id, idempotencyKey);
  if (prior) return replayOrder(ctx, prior.id, entry.ticket_type_id, now);
  const { type, seller, unitPriceCents, promoterId } = await offerOnHand(db, entry, now);
  const provider = providerFor(ctx.payments, type.kind);
  if (provider.checkout) {
    const checkout = await provider.checkout(
      checkoutRequestFor(type, user, {
        expectedTotalCents: options.expectedTotalCents ?? null,
        quantity: 1,
        unitPriceCents,
        idempotencyKey,
        requestHash: hash,
        promoCode: null,
        promoterId,
        origin: options.origin ?? '',
        waitlist: { entryId, offerExpiresAt: toIso(entry.offer_expires_at!) },
      }),
    );
    return { tickets: [], replayed: false, checkout };
  }
  const payment = await provider.settle({
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
      request_hash: hash,
      ticket_type_id: type.id,
      quantity: 1,
      payment_status: payment.status,
      payment_reference: payment.reference,
      created_at: at,
    });
    // The same offer taken twice at once: the second waits on the order key and answers with the first's ticket.
    if (!inserted)
      return { replayOf: (await repo.findOrder(trx, user.id, idempotencyKey))!.id, notifications: [] };
    const taken = await takeOfferedPlace(
      trx,
      ctx.signer,
      {
        entry,
        buyer: user,
        type,
        seller,
        unitPriceCents,
        orderId,
        paymentStatus: payment.status,
        promoterId,
        buyerHoldsPlace: false,
      },
      now,
    );
    return { replayOf: null, notifications: taken.notifications };
  });
  if (outcome.replayOf !== null) return replayOrder(ctx, outcome.replayOf, type.id, now);
  await publishAll(ctx, outcome.notifications);
  const rows = await repo.ticketViewsOfOrder(db, orderId);
  return { tickets: rows.map((r) => toTicket(r, now)), replayed: false };
}

// A card order answers with its checkout (still payable, or how it ended) and its ticket once paid.
async function replayOrder(
  ctx: TicketsContext,
  orderId: string,
  ticketTypeId: string,
  now: Date,
): Promise<GetTicketsResponse> {
  const rows = await repo.ticketViewsOfOrder(ctx.db, orderId);
  const tickets = rows.map((r) => toTicket(r, now));
  const type = await repo.findTypeWithEvent(ctx.db, ticketTypeId);
  const provider = type ? ctx.payments[type.kind] : undefined;
  if (provider?.resume) return { tickets, replayed: true, checkout: await provider.resume(orderId) };
  return { tickets, replayed: true };
}
