// GET /api/events: a cursor-paginated list of published events, filtered as the URL says.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventSummary, Page } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import type { EventListFilters } from '../event-filters.ts';

export const EVENT_PAGE_SIZE = 12;

export function getEvents(
  filters: EventListFilters,
  cursor: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<EventSummary>> {
  return api<Page<EventSummary>>(withQuery('/api/events', { ...filters, cursor, limit }), { signal });
}

export const eventsQueryOptions = (filters: EventListFilters, limit: number = EVENT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['events', 'list', filters, limit] as const,
    queryFn: ({ pageParam, signal }) => getEvents(filters, pageParam, limit, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useEvents = (filters: EventListFilters, limit?: number) =>
  useInfiniteQuery(eventsQueryOptions(filters, limit));
