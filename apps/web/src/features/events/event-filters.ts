// The event list's filters live in the URL (?q=&when=&from=&to=&genre=&maxPrice=&barrio=&club=) so a
// filtered list can be shared and survives a reload. Unknown or malformed values are ignored.
// Values from the schema-free modules of shared: this file is part of the first load (the routes' loaders).
import type { EventListQuery } from '@nocturna/shared';
import { BARRIOS, EVENT_WHEN, GENRES, type EventWhen } from '@nocturna/shared/catalogue-values';
import { nightStart } from '@nocturna/shared/madrid-time';

export type EventFilters = {
  q?: string;
  when?: EventWhen;
  from?: string; // YYYY-MM-DD, a Madrid calendar day
  to?: string;
  genre?: string;
  maxPrice?: number; // whole euros; the API takes cents
  barrio?: string;
  club?: string; // club slug or id
};

export type EventFilterKey = keyof EventFilters;
export type EventListFilters = Omit<EventListQuery, 'cursor' | 'limit'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value));
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

export function parseEventFilters(params: URLSearchParams): EventFilters {
  const filters: EventFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 100);
  const when = oneOf(EVENT_WHEN, params.get('when'));
  if (when) filters.when = when;
  const from = params.get('from');
  if (isDay(from)) filters.from = from;
  const to = params.get('to');
  if (isDay(to)) filters.to = to;
  const genre = oneOf(GENRES, params.get('genre'));
  if (genre) filters.genre = genre;
  const barrio = oneOf(BARRIOS, params.get('barrio'));
  if (barrio) filters.barrio = barrio;
  const maxPrice = params.get('maxPrice');
  if (maxPrice !== null && /^\d{1,4}$/.test(maxPrice)) filters.maxPrice = Number(maxPrice);
  const club = params.get('club')?.trim();
  if (club) filters.club = club.slice(0, 100);
  return filters;
}

// A Madrid calendar day as the night that starts on it: 06:00 that day to 06:00 the next.
export function madridNightOf(day: string): Date {
  return new Date(nightStart(new Date(`${day}T12:00:00Z`)).getTime());
}
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function eventFiltersToQuery(filters: EventFilters): EventListFilters {
  const query: EventListFilters = {};
  if (filters.q) query.q = filters.q;
  if (filters.when) query.when = filters.when;
  if (filters.from) query.from = madridNightOf(filters.from).toISOString();
  // "to" is inclusive: the night of that day is still in.
  if (filters.to && (!filters.from || filters.to >= filters.from))
    query.to = madridNightOf(nextDay(filters.to)).toISOString();
  if (filters.genre) query.genre = filters.genre;
  if (filters.barrio) query.barrio = filters.barrio;
  if (filters.maxPrice !== undefined) query.maxPrice = filters.maxPrice * 100;
  if (filters.club) query.clubId = filters.club;
  return query;
}

// Applies one change to the URL's params. A quick range (hoy/mañana/finde) and explicit dates exclude each other.
export function withEventFilter(
  params: URLSearchParams,
  key: EventFilterKey,
  value: string | number | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, String(value));
  if (key === 'when' && value) {
    next.delete('from');
    next.delete('to');
  }
  if ((key === 'from' || key === 'to') && value) next.delete('when');
  return next;
}

export function withEventFilters(
  params: URLSearchParams,
  patch: Partial<Record<EventFilterKey, string | number | undefined>>,
): URLSearchParams {
  let next = params;
  for (const [key, value] of Object.entries(patch))
    next = withEventFilter(next, key as EventFilterKey, value);
  return next === params ? new URLSearchParams(params) : next;
}

export const EVENT_FILTER_KEYS: EventFilterKey[] = [
  'q',
  'when',
  'from',
  'to',
  'genre',
  'maxPrice',
  'barrio',
  'club',
];

export function withoutEventFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of EVENT_FILTER_KEYS) next.delete(key);
  return next;
}

export const countEventFilters = (filters: EventFilters) =>
  Object.values(filters).filter((v) => v !== undefined).length;
