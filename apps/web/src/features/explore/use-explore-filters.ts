import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseExploreFilters, withExploreFilter, type ExploreFilterKey } from './explore-filters.ts';

export function useExploreFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseExploreFilters(params), [params]);
  const setFilter = useCallback(
    (key: ExploreFilterKey, value: string | number | boolean | undefined) =>
      setParams((current) => withExploreFilter(current, key, value)),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { filters, setFilter, clear };
}
