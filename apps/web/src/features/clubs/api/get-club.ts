// GET /api/clubs/:idOrSlug: one club with its upcoming events.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClubWithEvents } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const getClub = (idOrSlug: string, signal?: AbortSignal) =>
  api<ClubWithEvents>(`/api/clubs/${encodeURIComponent(idOrSlug)}`, { signal });

export const clubQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['clubs', 'detail', idOrSlug] as const,
    queryFn: ({ signal }) => getClub(idOrSlug, signal),
  });

export const useClub = (idOrSlug: string) => useQuery(clubQueryOptions(idOrSlug));
