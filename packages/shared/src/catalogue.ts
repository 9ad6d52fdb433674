// API contract of the catalogue: clubs, events and their ticket types.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { EVENT_WHEN, WEEKDAYS } from './catalogue-values.ts';
import { EVENT_SALE_STATES } from './price.ts';

export * from './catalogue-values.ts';
export const weekdaySchema = z.enum(WEEKDAYS);

export const dateTime = z.iso.datetime({ offset: true });

const limit = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
const cursor = z.string().min(1).max(500).optional();

export const clubListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  barrio: z.string().trim().max(60).optional(),
  genre: z.string().trim().max(40).optional(),
  day: weekdaySchema.optional(),
  cursor,
  limit,
});
export type ClubListQuery = z.infer<typeof clubListQuery>;

export const eventListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  when: z.enum(EVENT_WHEN).optional(),
  clubId: z.string().trim().max(100).optional(),
  genre: z.string().trim().max(40).optional(),
  maxPrice: z.coerce.number().int().min(0).max(1_000_000).optional(),
  barrio: z.string().trim().max(60).optional(),
  cursor,
  limit,
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const money = z.object({ cents: z.number().int().min(0), currency: z.literal('EUR') });

// What a person can buy now (see price.ts): "Desde 10 €", "Gratis", "Agotado", "Venta cerrada" and the range.
export const eventPriceSchema = z.object({
  state: z.enum(EVENT_SALE_STATES),
  from: money.nullable(),
  to: money.nullable(),
});

export const clubSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  barrio: z.string(),
  logoURL: z.string(),
  coverURL: z.string(),
  openingDays: z.array(weekdaySchema),
  genres: z.array(z.string()),
  priceRange: z.string(),
  minimumAge: z.number().int(),
});
export type ClubSummary = z.infer<typeof clubSummary>;

export const clubDetail = clubSummary.extend({
  description: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  dressCode: z.string(),
  openingHours: z.string(),
  capacity: z.number().int(),
  instagram: z.string().nullable(),
  website: z.string().nullable(),
});
export type ClubDetail = z.infer<typeof clubDetail>;

export const ticketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: money,
  capacity: z.number().int(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const lineupSlot = z.object({
  djName: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

export const eventSummary = z.object({
  id: z.string(),
  slug: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  clubSlug: z.string(),
  barrio: z.string(),
  name: z.string(),
  city: z.string(),
  coverURL: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  genres: z.array(z.string()),
  // The cheapest type on sale now (price.from), null when nothing is.
  minPrice: money.nullable(),
  price: eventPriceSchema,
  minimumAge: z.number().int(),
});
export type EventSummary = z.infer<typeof eventSummary>;

export const eventDetail = eventSummary.extend({
  description: z.string(),
  dressCode: z.string(),
  privacy: z.object({ gallery: z.enum(['attendees', 'public']) }),
  lineup: z.array(lineupSlot),
  ticketTypes: z.array(ticketTypeSchema),
  club: clubSummary.extend({ address: z.string(), latitude: z.number(), longitude: z.number() }),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const clubWithEvents = clubDetail.extend({ upcomingEvents: z.array(eventSummary) });
export type ClubWithEvents = z.infer<typeof clubWithEvents>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export const clubPage = pageOf(clubSummary);
export const eventPage = pageOf(eventSummary);
export type Page<T> = { items: T[]; nextCursor: string | null };
