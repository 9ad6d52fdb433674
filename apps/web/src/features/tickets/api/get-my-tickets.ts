// GET /api/tickets?when=upcoming|past: the signed-in person's tickets, each with its QR token, so a list loaded
// once is enough to show any of them at a door without signal.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TicketPage } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { ticketKeys, type TicketListWhen } from './ticket-keys.ts';

export const getMyTickets = (when: TicketListWhen, cursor: string | undefined, signal?: AbortSignal) =>
  api<TicketPage>(withQuery('/api/tickets', { when, cursor }), { signal });

export const myTicketsQueryOptions = (userId: string, when: TicketListWhen) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(userId, when),
    queryFn: ({ pageParam, signal }) => getMyTickets(when, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Offline, the last copy stays on screen instead of an error.
    networkMode: 'offlineFirst',
  });

export const useMyTickets = (userId: string, when: TicketListWhen) =>
  useInfiniteQuery(myTicketsQueryOptions(userId, when));
