// GET /api/clubs: a cursor-paginated list of clubs, filtered as the URL says.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClubSummary, Page } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import type { ClubListFilters } from '../club-filters.ts';

export const CLUB_PAGE_SIZE = 12;

export function getClubs(
  filters: ClubListFilters,
  cursor: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<Page<ClubSummary>> {
  return api<Page<ClubSummary>>(withQuery('/api/clubs', { ...filters, cursor, limit }), { signal });
}

export const clubsQueryOptions = (filters: ClubListFilters, limit: number = CLUB_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['clubs', 'list', filters, limit] as const,
    queryFn: ({ pageParam, signal }) => getClubs(filters, pageParam, limit, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useClubs = (filters: ClubListFilters, limit?: number) =>
  useInfiniteQuery(clubsQueryOptions(filters, limit));
