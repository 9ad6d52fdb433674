// The link a promoter shares for an event; `/e/{slug}` keeps `?rpp=` and opens the event page.
export const promoterLinkPath = (eventSlug: string, code: string) =>
  `/e/${encodeURIComponent(eventSlug)}?rpp=${encodeURIComponent(code)}`;

// The event page a promoter link leads to, with the attribution kept in the address.
export const eventPathWithPromoter = (eventSlug: string, code: string | null) =>
  `/evento/${encodeURIComponent(eventSlug)}${code ? `?rpp=${encodeURIComponent(code)}` : ''}`;
