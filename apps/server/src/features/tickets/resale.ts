// Face-value resale: a holder who cannot go puts the ticket up for resale; it is offered to
// the type's waitlist at the price it was bought for (never more). The seller keeps a valid ticket until a buyer
// has the new one: the buyer's ticket is written and the seller's QR dies in one transaction (acceptWaitlistOffer
// calls handOverResold), the seller's place in the per-person count moves to the buyer, and a ticket paid online
// is refunded through the payments feature's job. While listed the ticket cannot be cancelled or passed on.
import type { Notification, TicketDetail } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { createNotification } from '../notifications/index.ts';
import { resaleOfferWithdrawn, ticketResold } from './notification-messages.ts';
import * as repo from './repository.ts';
import { myTicket, type TicketsContext } from './service.ts';
import { historyRow, publishAll } from './ticket-writes.ts';
import { PAYMENTS_REFUND_JOB, type RefundJob } from './payment.ts';
import { asDate } from './views.ts';
import * as line from './waitlist-repository.ts';
import { offerIdleListing, passListingOn } from './waitlist-offers.ts';
import * as clock from '../../clock.ts';

const ticketMissing = () => notFound('La entrada', 'TICKET_NOT_FOUND');

export async function listTicketForResale(
  ctx: TicketsContext,
  holderId: string,
  ticketId: string,
  now = clock.now(),
): Promise<TicketDetail> {
  const row = await repo.findTicketView(ctx.db, ticketId, holderId);
  if (!row) throw ticketMissing();
  if (asDate(row.event_start_at) <= now)
    throw new AppError(409, 'RESALE_CLOSED', 'El evento ya ha empezado: la entrada ya no se puede revender.');
  const at = now.toISOString();
  const offer = await ctx.db.transaction().execute(async (trx) => {
    if (!(await line.listForResale(trx, ticketId, holderId, at)))
      throw new AppError(
        409,
        'RESALE_NOT_POSSIBLE',
        'Solo se puede revender una entrada válida que no esté ya en reventa.',
      );
    return passListingOn(trx, row.ticket_type_id!, ticketId, now);
  });
  if (offer) await publishAll(ctx, [offer]);
  return myTicket(ctx.db, holderId, ticketId, now);
}

export async function withdrawFromResale(
  ctx: TicketsContext,
  holderId: string,
  ticketId: string,
  now = clock.now(),
): Promise<TicketDetail> {
  const row = await repo.findTicketView(ctx.db, ticketId, holderId);
  if (!row) throw ticketMissing();
  if (!(await line.withdrawResale(ctx.db, ticketId, holderId, now.toISOString())))
    throw new AppError(
      409,
      'RESALE_OFFERED',
      'Ahora mismo alguien de la lista de espera tiene la oferta de tu entrada: podrás retirarla si la deja pasar.',
    );
  return myTicket(ctx.db, holderId, ticketId, now);
}

export type ResaleSeller = NonNullable<Awaited<ReturnType<typeof resaleSeller>>>;

export async function resaleSeller(db: Db, ticketId: string) {
  return db
    .selectFrom('tickets')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .select([
      'tickets.id',
      'tickets.user_id',
      'tickets.price_cents',
      'tickets.payment_status',
      'tickets.promoter_id',
      'tickets.event_id',
      'events.name as event_name',
      'events.start_at as event_start_at',
    ])
    .where('tickets.id', '=', ticketId)
    .executeTakeFirst();
}

// Inside the buyer's transaction, once their ticket is written: the seller's ticket dies (only if still listed and
// offered to this entry), its history says so, a paid ticket is refunded once (the job is written only if this
// commits), and the seller is told. False when the listing is gone (the caller rolls back).
export async function handOverResold(
  trx: Db,
  seller: ResaleSeller,
  entryId: string,
  newTicketId: string,
  at: string,
): Promise<Notification | false> {
  if (!(await line.retireResold(trx, seller.id, entryId, at))) return false;
  await repo.insertHistory(trx, [
    historyRow(seller.id, seller.event_id, 'transferred', seller.user_id, at, {
      relatedTicketId: newTicketId,
    }),
  ]);
  // The payments feature refunds it (a card payment) once; asked for here, the job exists only if this commits.
  const refunded = seller.payment_status === 'paid';
  if (refunded)
    await enqueueJob(trx, PAYMENTS_REFUND_JOB, { ticketId: seller.id, reason: 'resold' } satisfies RefundJob);
  return createNotification(
    trx,
    ticketResold(seller.user_id, {
      ticketId: seller.id,
      eventId: seller.event_id,
      eventName: seller.event_name,
      startAt: asDate(seller.event_start_at),
      refunded,
    }),
  );
}

// Inside the door's transaction, once a listed ticket was used by its holder (who came after all): the listing
// ends; whoever was being offered it goes back to their place in the line, is told why, and is offered the next
// listing of the type waiting for a buyer, if any. Returns the notifications to publish after the commit.
export async function endResaleAtDoor(trx: Db, ticketId: string, now: Date): Promise<Notification[]> {
  const at = now.toISOString();
  const ended = await line.endListing(trx, ticketId, at);
  if (!ended?.offeredTo) return [];
  const entry = await line.returnOfferToLine(trx, ended.offeredTo, at);
  if (!entry) return [];
  const type = await repo.findTypeWithEvent(trx, entry.ticket_type_id);
  if (!type) return [];
  const told = await createNotification(
    trx,
    resaleOfferWithdrawn(entry.user_id, {
      entryId: entry.id,
      eventId: type.event_id,
      eventSlug: type.event_slug,
      eventName: type.event_name,
    }),
  );
  const next = await offerIdleListing(trx, entry.ticket_type_id, now);
  return next ? [told, next] : [told];
}
