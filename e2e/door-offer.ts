// The journeys that buy a pay-at-the-door ticket take a real listed event for it, found through the API.
import type { BrowserContext } from 'playwright-core';
import type { EventSummary, EventTicketTypes, Page, TicketTypeOffer } from '@nocturna/shared';

export type DoorOffer = TicketTypeOffer;

// An event at least two days ahead with a pay-at-the-door type on sale that `fits` (the journey's own need).
export async function eventWithDoorOffer(
  context: BrowserContext,
  fits: (offer: DoorOffer) => boolean,
): Promise<{ slug: string; name: string; offer: DoorOffer }> {
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const events = (await (
    await context.request.get(`/api/events?from=${encodeURIComponent(from)}&limit=30`)
  ).json()) as Page<EventSummary>;
  for (const event of events.items) {
    const offers = (await (
      await context.request.get(`/api/events/${event.id}/ticket-types`)
    ).json()) as EventTicketTypes;
    const offer = offers.types.find((o) => o.kind === 'door' && o.availability === 'on_sale' && fits(o));
    if (offer) return { slug: event.slug, name: event.name, offer };
  }
  throw new Error('no event with a door ticket on sale');
}
