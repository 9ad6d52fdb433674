// Small pure helpers for the tickets screens.
import { MAX_TICKETS_PER_ORDER } from '@nocturna/shared/constants';
import type { Ticket, TicketTypeOffer } from '@nocturna/shared';

// Directions to the club from wherever the phone is: the maps app picks the route.
export const directionsUrl = (club: Ticket['club']) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${club.latitude},${club.longitude}`)}`;

// How many more of a type this person may get in one go.
export function maxQuantity(offer: TicketTypeOffer): number {
  const left = offer.remaining ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(MAX_TICKETS_PER_ORDER, offer.perPersonLimit - offer.heldByMe, left));
}

export const newIdempotencyKey = () => crypto.randomUUID();
