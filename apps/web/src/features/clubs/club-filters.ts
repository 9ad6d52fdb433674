// The club list's filters live in the URL (?q=&barrio=&genre=&day=); unknown values are ignored.
import type { ClubListQuery } from '@nocturna/shared';
import { BARRIOS, GENRES, WEEKDAYS, type Weekday } from '@nocturna/shared/catalogue-values';

export type ClubFilters = { q?: string; barrio?: string; genre?: string; day?: Weekday };
export type ClubFilterKey = keyof ClubFilters;
export type ClubListFilters = Omit<ClubListQuery, 'cursor' | 'limit'>;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

export function parseClubFilters(params: URLSearchParams): ClubFilters {
  const filters: ClubFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 100);
  const barrio = oneOf(BARRIOS, params.get('barrio'));
  if (barrio) filters.barrio = barrio;
  const genre = oneOf(GENRES, params.get('genre'));
  if (genre) filters.genre = genre;
  const day = oneOf(WEEKDAYS, params.get('day')?.toUpperCase() ?? null);
  if (day) filters.day = day;
  return filters;
}

// The API takes the same names, so the filters are the query.
export const clubFiltersToQuery = (filters: ClubFilters): ClubListFilters => ({ ...filters });

export function withClubFilter(
  params: URLSearchParams,
  key: ClubFilterKey,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

export function withoutClubFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['q', 'barrio', 'genre', 'day']) next.delete(key);
  return next;
}

export const countClubFilters = (filters: ClubFilters) =>
  Object.values(filters).filter((v) => v !== undefined).length;
