// GET /api/clubs/{id}/directions: map-app links and the nearest Metro stations.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClubDirections } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { exploreKeys } from './explore-keys.ts';

export const getDirections = (clubId: string, signal?: AbortSignal) =>
  api<ClubDirections>(`/api/clubs/${encodeURIComponent(clubId)}/directions`, { signal });

export const directionsQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: exploreKeys.directions(clubId),
    queryFn: ({ signal }) => getDirections(clubId, signal),
    staleTime: Infinity,
  });

export const useDirections = (clubId: string) => useQuery(directionsQueryOptions(clubId));
