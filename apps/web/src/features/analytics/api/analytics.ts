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

// The CSVs come in the language the page is read in (header row and labels).
export type CsvLang = 'es' | 'en';
export const csvLangOf = (locale: string): CsvLang => (locale.startsWith('en') ? 'en' : 'es');

export const eventCsvUrl = (id: string, table: string, lang: CsvLang) =>
  withQuery(`/api/analytics/events/${encodeURIComponent(id)}/${table}.csv`, { lang });
export const clubCsvUrl = (
  id: string,
  table: string,
  period: { from?: string; to?: string },
  lang: CsvLang,
) => withQuery(`/api/analytics/clubs/${encodeURIComponent(id)}/${table}.csv`, { ...period, lang });
