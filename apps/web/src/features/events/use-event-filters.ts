import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseEventFilters,
  withEventFilter,
  withEventFilters,
  withoutEventFilters,
  type EventFilterKey,
} from './event-filters.ts';

export function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseEventFilters(params), [params]);
  const setFilter = useCallback(
    (key: EventFilterKey, value: string | number | undefined) =>
      // Typing in the search box replaces the history entry; every other choice can be undone with Back.
      setParams((current) => withEventFilter(current, key, value), { replace: key === 'q' }),
    [setParams],
  );
  const setFilters = useCallback(
    (patch: Partial<Record<EventFilterKey, string | number | undefined>>) =>
      setParams((current) => withEventFilters(current, patch)),
    [setParams],
  );
  const clear = useCallback(() => setParams((current) => withoutEventFilters(current)), [setParams]);
  return { filters, setFilter, setFilters, clear };
}
