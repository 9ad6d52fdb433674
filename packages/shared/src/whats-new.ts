// What's new: the feed of what changed for a person since they last looked, and its unread count.
import { z } from 'zod';
import { money } from './catalogue.ts';
import { userCardSchema } from './connections.ts';

// new_event: a new event at a club the person went to (a visitor: any new event this week);
// price_drop: a ticket type of an upcoming event got cheaper; tickets_released: places freed by cancellations
// on a type that had sold out; friend_going: a connection (who shows their events) got a ticket; dj_booked: a DJ
// the person follows confirmed a slot in an upcoming event's line-up; friend_snapshot: a connection (who shows
// their events) posted a photo on the live wall of an event the person may see.
export const WHATS_NEW_KINDS = [
  'new_event',
  'price_drop',
  'tickets_released',
  'friend_going',
  'dj_booked',
  'friend_snapshot',
] as const;
export type WhatsNewKind = (typeof WHATS_NEW_KINDS)[number];

export const whatsNewEventSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  clubName: z.string(),
  coverURL: z.string(),
  startAt: z.string(),
});

// The DJ of a dj_booked item, linked as /dj/{slug}.
export const whatsNewDjSchema = z.object({ name: z.string(), slug: z.string() });

export const whatsNewItemSchema = z.object({
  id: z.string(),
  kind: z.enum(WHATS_NEW_KINDS),
  at: z.string(),
  unread: z.boolean(),
  event: whatsNewEventSchema,
  friend: userCardSchema.nullable(),
  dj: whatsNewDjSchema.nullable(),
  ticketType: z.string().nullable(),
  oldPrice: money.nullable(),
  newPrice: money.nullable(),
  released: z.number().int().nullable(),
});
export type WhatsNewItem = z.infer<typeof whatsNewItemSchema>;

export const whatsNewFeedSchema = z.object({
  personal: z.boolean(),
  items: z.array(whatsNewItemSchema),
  // New events more than WHATS_NEW_SOON_DAYS away: one "Más adelante" group, never counted as unread.
  later: z.array(whatsNewItemSchema),
  unread: z.number().int(),
  readAt: z.string().nullable(),
});
export type WhatsNewFeed = z.infer<typeof whatsNewFeedSchema>;

export const whatsNewCountSchema = z.object({ count: z.number().int() });
export type WhatsNewCount = z.infer<typeof whatsNewCountSchema>;

// How far back the feed looks, and how many items it shows.
export const WHATS_NEW_DAYS = 14;
export const WHATS_NEW_PUBLIC_DAYS = 7;
export const WHATS_NEW_LIMIT = 60;
// A new event starting further ahead than this is grouped under "Más adelante" instead of listed as news.
export const WHATS_NEW_SOON_DAYS = 14;
