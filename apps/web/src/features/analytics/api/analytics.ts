// GET /api/analytics/events/:id and /api/analytics/clubs/:id (admin, or the club's CEO).
import { useQuery } from '@tanstack/react-query';
import type { ClubAnalytics, EventAnalytics } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

export const useEventAnalytics = (id: string) =>
  useQuery({
    queryKey: ['analytics', 'event', id],
    queryFn: () => api<EventAnalytics>(`/api/analytics/events/${encodeURIComponent(id)}`),
    refetchInterval: 30_000,
  });

export const useClubAnalytics = (id: string, period: { from?: string; to?: string }) =>
  useQuery({
    queryKey: ['analytics', 'club', id, period],
    queryFn: () => api<ClubAnalytics>(withQuery(`/api/analytics/clubs/${encodeURIComponent(id)}`, period)),
  });

export const eventCsvUrl = (id: string, table: string) =>
  `/api/analytics/events/${encodeURIComponent(id)}/${table}.csv`;
export const clubCsvUrl = (id: string, table: string, period: { from?: string; to?: string }) =>
  withQuery(`/api/analytics/clubs/${encodeURIComponent(id)}/${table}.csv`, period);
