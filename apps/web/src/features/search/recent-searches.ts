// The last searches made on this device (newest first, no repeats), kept in localStorage and read through
// useSyncExternalStore: the server render and the first paint show none, then the browser's list; another tab's
// change arrives through the "storage" event. Nothing leaves the browser.
import { useSyncExternalStore } from 'react';

export const RECENT_SEARCHES_KEPT = 6;
const KEY = 'nocturna.recentSearches';
const NONE: string[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; list: string[] } = { raw: null, list: NONE };

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export function parseRecent(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, RECENT_SEARCHES_KEPT)
      : [];
  } catch {
    return [];
  }
}

function snapshot(): string[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, list: parseRecent(raw) };
  return cached.list;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const useRecentSearches = () => useSyncExternalStore(subscribe, snapshot, () => NONE);

// Puts q first (case-insensitive duplicates dropped), keeps RECENT_SEARCHES_KEPT.
export function withSearch(list: string[], q: string): string[] {
  const text = q.trim();
  if (!text) return list;
  return [text, ...list.filter((v) => v.toLowerCase() !== text.toLowerCase())].slice(0, RECENT_SEARCHES_KEPT);
}

function write(list: string[] | null) {
  if (list) storage()?.setItem(KEY, JSON.stringify(list));
  else storage()?.removeItem(KEY);
  listeners.forEach((l) => l());
}

export const rememberSearch = (q: string) => write(withSearch(snapshot(), q));
export const forgetSearches = () => write(null);
