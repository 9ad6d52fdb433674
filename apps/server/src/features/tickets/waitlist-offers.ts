// A freed place of a sold-out type and its offer to the waitlist (issue 22, point 1): offered to the first in line
// for WAITLIST_OFFER_MINUTES, still counted in `sold` so nobody else can buy it meanwhile; the offer-expiry job
// passes it to the next when it is not taken; with nobody left the place goes back on sale.
import { WAITLIST_OFFER_MINUTES, type Notification } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { createNotification } from '../notifications/service.ts';
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

// Inside the transaction that frees a place of this type (a cancellation, an offer that expired or was declined):
// offers it to the first in line and schedules the offer's expiry; with nobody waiting (or the sale over) the
// place goes back on sale. Returns the notification to publish after the commit.
export async function passPlaceOn(trx: Db, ticketTypeId: string, now: Date): Promise<Notification | null> {
  const type = await repo.findTypeWithEvent(trx, ticketTypeId);
  if (type && salesState(type, now) !== 'closed') {
    const offeredAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + OFFER_MS);
    // Another transaction may offer the same first row at the same moment: the loser moves on to the next.
    for (;;) {
      const first = await line.firstWaiting(trx, ticketTypeId);
      if (!first) break;
      const offered = await line.markOffered(trx, first.id, {
        offered_at: offeredAt,
        offer_expires_at: expiresAt.toISOString(),
      });
      if (!offered) continue;
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
  await repo.releaseSeat(trx, ticketTypeId);
  return null;
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
    return passPlaceOn(trx, row.ticket_type_id, now);
  });
  if (notification) await publishAll(ctx, [notification]);
}
