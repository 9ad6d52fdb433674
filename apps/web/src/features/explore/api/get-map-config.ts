// GET /api/explore/map: the online map style the map tries first (MAP_STYLE_URL), or null for the offline one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExploreMapConfig } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { exploreKeys } from './explore-keys.ts';

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: exploreKeys.mapConfig,
    queryFn: ({ signal }) => api<ExploreMapConfig>('/api/explore/map', { signal }),
    staleTime: Infinity,
    // Without it the map still works: the offline basemap.
    retry: false,
  });

export const useMapConfig = () => useQuery(mapConfigQueryOptions());
