// GET /api/events/:idOrSlug: one published event with its club, line-up and ticket types.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const getEvent = (idOrSlug: string, signal?: AbortSignal) =>
  api<EventDetail>(`/api/events/${encodeURIComponent(idOrSlug)}`, { signal });

export const eventQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['events', 'detail', idOrSlug] as const,
    queryFn: ({ signal }) => getEvent(idOrSlug, signal),
  });

export const useEvent = (idOrSlug: string) => useQuery(eventQueryOptions(idOrSlug));
