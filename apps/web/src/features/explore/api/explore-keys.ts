// Explore's query keys: the map's data per viewer and filters, and a club's directions.
import type { ExploreQuery } from '@nocturna/shared';

export const exploreKeys = {
  all: ['explore'] as const,
  map: (viewerId: string | null, query: ExploreQuery) => ['explore', 'map', viewerId ?? '', query] as const,
  directions: (clubId: string) => ['explore', 'directions', clubId] as const,
};
