// Explore's filters live in the URL (a shared link shows the same map); the person's position never does.
import { BARRIOS, GENRES } from '@nocturna/shared/catalogue-values';
import type { ExploreQuery, ExploreWhen } from '@nocturna/shared';

export type ExploreFilters = {
  when: ExploreWhen;
  date?: string;
  genre?: string;
  barrio?: string;
  maxPrice?: number;
  age?: number;
  openNow: boolean;
};
export type ExploreFilterKey = keyof ExploreFilters;

export const WHEN_CHOICES: readonly ExploreWhen[] = ['tonight', 'weekend', 'week', 'date'];
export const PRICE_STEPS_EUR = [0, 10, 15, 20, 30] as const;
export const AGE_CHOICES = [16, 18, 21] as const;

const whenOf = (v: string | null): ExploreWhen =>
  v === 'tonight' || v === 'weekend' || v === 'date' || v === 'week' ? v : 'week';
const numberOf = (v: string | null): number | undefined => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

export function parseExploreFilters(params: URLSearchParams): ExploreFilters {
  const date = params.get('date') ?? undefined;
  const when = whenOf(params.get('when'));
  const genre = params.get('genre') ?? undefined;
  const barrio = params.get('barrio') ?? undefined;
  return {
    when: when === 'date' && !date ? 'week' : when,
    date: /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') ? date : undefined,
    genre: genre && (GENRES as readonly string[]).includes(genre) ? genre : undefined,
    barrio: barrio && (BARRIOS as readonly string[]).includes(barrio) ? barrio : undefined,
    maxPrice: numberOf(params.get('maxPrice')),
    age: numberOf(params.get('age')),
    openNow: params.get('openNow') === 'true',
  };
}

export function withExploreFilter(
  params: URLSearchParams,
  key: ExploreFilterKey,
  value: string | number | boolean | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '' || value === false || (key === 'when' && value === 'week'))
    next.delete(key);
  else next.set(key, String(value));
  if (key === 'when' && value !== 'date') next.delete('date');
  if (key === 'date' && value) next.set('when', 'date');
  return next;
}

export const countExploreFilters = (f: ExploreFilters): number =>
  [f.genre, f.barrio, f.maxPrice, f.age, f.openNow || undefined].filter((v) => v !== undefined).length;

export function exploreQueryOf(f: ExploreFilters, me: { lat: number; lng: number } | null): ExploreQuery {
  return {
    when: f.when,
    date: f.when === 'date' ? f.date : undefined,
    genre: f.genre,
    barrio: f.barrio,
    maxPrice: f.maxPrice,
    age: f.age,
    openNow: f.openNow ? 'true' : undefined,
    lat: me ? Number(me.lat.toFixed(4)) : undefined,
    lng: me ? Number(me.lng.toFixed(4)) : undefined,
  };
}
