// GET /api/search?q=…: the search box's grouped answer (events, clubs, people). A new query replaces the last:
// React Query aborts the previous request (its signal) when the key changes, so a stale answer never lands.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

export const SEARCH_GROUP_SIZE = 5;

export const useSearchAll = (viewerId: string, q: string) =>
  useQuery({
    queryKey: ['search', 'all', viewerId, q],
    queryFn: ({ signal }) =>
      api<SearchResults>(withQuery('/api/search', { q, limit: SEARCH_GROUP_SIZE }), { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
