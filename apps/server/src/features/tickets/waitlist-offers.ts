// A freed place of a sold-out type and its offer to the waitlist: offered to the first in line
// for WAITLIST_OFFER_MINUTES, still counted in `sold` so nobody else can buy it meanwhile; the offer-expiry job
// passes it to the next when it is not taken; with nobody left the place goes back on sale.
import { WAITLIST_OFFER_MINUTES, type Notification } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { createNotification } from '../notifications/index.ts';
import { waitlistOffer } from './notification-messages.ts';
import * as repo from './repository.ts';
import { publishAll } from './ticket-writes.ts';
import { salesState } from './views.ts';
import * as line from './waitlist-repository.ts';

export const WAITLIST_EXPIRY_JOB = 'waitlist.offer-expiry';
export type WaitlistExpiryJob = { entryId: string };

const OFFER_MS = WAITLIST_OFFER_MINUTES * 60_000;

export const offerGone = () =>
  new AppError(
    409,
    'WAITLIST_OFFER_GONE',
    'Esta plaza ya no está reservada para ti: la oferta caducó y pasó a la siguiente persona, o ya la cogiste.',
  );

type TypeRow = repo.TypeWithEvent;

// Offers something of this type to the first in line: a freed place (resaleTicketId null) or a ticket put up for
// resale, never to its own seller (who may have queued before getting a ticket): the next person gets it. Another
// transaction may offer the same first row at the same moment: the loser moves on to the next. Returns null when
// nobody waits (or the listing was claimed by another offer meanwhile).
async function offerToFirst(
  trx: Db,
  type: TypeRow,
  resaleTicketId: string | null,
  now: Date,
): Promise<Notification | null> {
  const expiresAt = new Date(now.getTime() + OFFER_MS);
  const seller = resaleTicketId ? await line.sellerOfListing(trx, resaleTicketId) : null;
  for (;;) {
    const first = await line.firstWaiting(trx, type.id, seller);
    if (!first) return null;
    if (resaleTicketId && !(await line.claimListing(trx, resaleTicketId, first.id))) return null;
    const offered = await line.markOffered(trx, first.id, {
      offered_at: now.toISOString(),
      offer_expires_at: expiresAt.toISOString(),
      resale_ticket_id: resaleTicketId,
    });
    if (!offered) {
      if (resaleTicketId) await line.releaseListing(trx, resaleTicketId, first.id);
      continue;
    }
    await enqueueJob(trx, WAITLIST_EXPIRY_JOB, { entryId: first.id } satisfies WaitlistExpiryJob, {
      runAt: expiresAt,
    });
    return createNotification(
      trx,
      waitlistOffer(first.user_id, {
        entryId: first.id,
        eventId: type.event_id,
        eventSlug: type.event_slug,
        eventName: type.event_name,
        typeName: type.name,
        expiresAt,
      }),
    );
  }
}

// Inside the transaction that frees a place of this type (a cancellation, an offer that expired or was declined):
// offers it to the first in line and schedules the offer's expiry; with nobody waiting (or the sale over) the
// place goes back on sale. Returns the notification to publish after the commit.
export async function passPlaceOn(trx: Db, ticketTypeId: string, now: Date): Promise<Notification | null> {
  const type = await repo.findTypeWithEvent(trx, ticketTypeId);
  if (type && salesState(type, now) !== 'closed') {
    const offer = await offerToFirst(trx, type, null, now);
    if (offer) return offer;
  }
  await repo.releaseSeat(trx, ticketTypeId);
  return null;
}

// Inside a transaction: a listed ticket nobody is being offered goes to the first in line. With nobody waiting it
// stays listed (the seller keeps it, valid, until a buyer comes).
export async function passListingOn(
  trx: Db,
  ticketTypeId: string,
  ticketId: string,
  now: Date,
): Promise<Notification | null> {
  const type = await repo.findTypeWithEvent(trx, ticketTypeId);
  if (!type || salesState(type, now) === 'closed') return null;
  return offerToFirst(trx, type, ticketId, now);
}

// After someone joins a line: a listing of the type that waits for a buyer is offered now.
export async function offerIdleListing(
  trx: Db,
  ticketTypeId: string,
  now: Date,
): Promise<Notification | null> {
  const listing = await line.idleListing(trx, ticketTypeId);
  return listing ? passListingOn(trx, ticketTypeId, listing.id, now) : null;
}

// An offer that ended untaken (expired or declined, already marked so): what it offered goes on to the next.
export async function passOfferOn(
  trx: Db,
  entry: { id: string; ticket_type_id: string; resale_ticket_id: string | null },
  now: Date,
): Promise<Notification | null> {
  if (!entry.resale_ticket_id) return passPlaceOn(trx, entry.ticket_type_id, now);
  await line.releaseListing(trx, entry.resale_ticket_id, entry.id);
  return passListingOn(trx, entry.ticket_type_id, entry.resale_ticket_id, now);
}

// The offer-expiry job: an offer not taken in time passes to the next in line. Safe to repeat (the expiry only
// happens while the row is still offered and due).
export async function expireWaitlistOffer(
  ctx: { db: Db; bus: RealtimeBus },
  entryId: string,
  now: Date,
): Promise<void> {
  const notification = await ctx.db.transaction().execute(async (trx) => {
    const row = await line.findEntryById(trx, entryId);
    if (!row || !(await line.expireOffer(trx, entryId, now.toISOString()))) return null;
    return passOfferOn(trx, row, now);
  });
  if (notification) await publishAll(ctx, [notification]);
}
