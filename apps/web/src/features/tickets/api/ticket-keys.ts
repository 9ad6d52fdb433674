// Every tickets query key starts with ['tickets', kind, userId]: getting, cancelling or passing a ticket
// invalidates them all at once, and one person's tickets never serve the next person on the tab.
import type { TicketListQuery } from '@nocturna/shared';

export type TicketListWhen = NonNullable<TicketListQuery['when']>;

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: (userId: string) => ['tickets', 'list', userId] as const,
  list: (userId: string, when: TicketListWhen) => ['tickets', 'list', userId, when] as const,
  detail: (userId: string, ticketId: string) => ['tickets', 'detail', userId, ticketId] as const,
  offers: (eventId: string, userId: string, code: string) =>
    ['tickets', 'offers', userId, eventId, code] as const,
  candidates: (userId: string) => ['tickets', 'candidates', userId] as const,
  waitlist: (userId: string, eventId: string) => ['tickets', 'waitlist', userId, eventId] as const,
  clubRule: (clubId: string) => ['tickets', 'club-rule', clubId] as const,
  wallets: ['tickets', 'wallets'] as const,
  // The background copy asked for so the offline worker keeps it: never read by a page.
  offlineCopy: (userId: string) => ['tickets', 'offline-copy', userId] as const,
};
