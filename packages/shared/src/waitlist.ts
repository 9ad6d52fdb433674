// Waitlist contract: a sold-out ticket type's line, a person's place in it, and the offer of
// a freed place (15 minutes to take it before it goes to the next in line).
import { z } from 'zod';
import { promoCodeSchema } from './tickets.ts';

export const WAITLIST_OFFER_MINUTES = 15;

export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'expired', 'left'] as const;
export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  ticketTypeId: z.string(),
  eventId: z.string(),
  status: waitlistStatusSchema,
  // 1 for the first in line; null unless waiting.
  position: z.number().int().min(1).nullable(),
  joinedAt: z.string(),
  // While offered: until when the place is kept for this person.
  offerExpiresAt: z.string().nullable(),
  ticketId: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const myWaitlistEntries = z.object({ items: z.array(waitlistEntrySchema) });
export type MyWaitlistEntries = z.infer<typeof myWaitlistEntries>;

// Joining a line: the promoter link that brought the person (`?rpp=`), so a resale bought through it is theirs.
export const joinWaitlistQuery = z.object({ rpp: promoCodeSchema.optional() });

// Taking an offered place of a card type: the total the person was shown (price + service fee), so what Checkout
// charges is what they saw or nothing is (PRICE_CHANGED). Optional: free and pay-at-the-door offers need no body.
export const acceptWaitlistOfferBody = z
  .object({ expectedTotalCents: z.number().int().min(0).max(100_000_000).optional() })
  .nullish();
export type AcceptWaitlistOfferBody = z.input<typeof acceptWaitlistOfferBody>;
