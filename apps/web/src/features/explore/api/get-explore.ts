// GET /api/explore: the events of the chosen night(s) with their clubs, trending and "tus amigos van".
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExploreQuery, ExploreResult } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { exploreKeys } from './explore-keys.ts';

export const getExplore = (query: ExploreQuery, signal?: AbortSignal) =>
  api<ExploreResult>(withQuery('/api/explore', query), { signal });

export const exploreQueryOptions = (viewerId: string | null, query: ExploreQuery) =>
  queryOptions({
    queryKey: exploreKeys.map(viewerId, query),
    queryFn: ({ signal }) => getExplore(query, signal),
    // A new filter keeps the last markers on the map until the answer arrives, instead of emptying it.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useExplore = (viewerId: string | null, query: ExploreQuery) =>
  useQuery(exploreQueryOptions(viewerId, query));
