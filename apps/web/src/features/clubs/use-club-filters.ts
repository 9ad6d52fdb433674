import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseClubFilters, withClubFilter, withoutClubFilters, type ClubFilterKey } from './club-filters.ts';

export function useClubFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseClubFilters(params), [params]);
  const setFilter = useCallback(
    (key: ClubFilterKey, value: string | undefined) =>
      setParams((current) => withClubFilter(current, key, value), { replace: key === 'q' }),
    [setParams],
  );
  const clear = useCallback(() => setParams((current) => withoutClubFilters(current)), [setParams]);
  return { filters, setFilter, clear };
}
