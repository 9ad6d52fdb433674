// GET /api/door/events/:id/tickets?q=: the manual search by name, username or ticket number.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DoorTicket } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { doorKeys } from './door-keys.ts';

export const searchTickets = (eventId: string, q: string, signal?: AbortSignal) =>
  api<{ items: DoorTicket[] }>(withQuery(`/api/door/events/${encodeURIComponent(eventId)}/tickets`, { q }), {
    signal,
  });

export const searchQueryOptions = (userId: string, eventId: string, q: string) =>
  queryOptions({
    queryKey: doorKeys.search(userId, eventId, q),
    queryFn: ({ signal }) => searchTickets(eventId, q, signal),
    select: (r) => r.items,
    staleTime: 0,
  });

export function useTicketSearch(eventId: string, q: string, online: boolean) {
  const { user } = useSession();
  return useQuery({
    ...searchQueryOptions(user?.id ?? '', eventId, q),
    enabled: Boolean(user) && online && q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
