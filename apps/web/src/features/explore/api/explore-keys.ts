// Explore's query keys: the map's data per viewer and filters, a club's directions, the map's style.
import type { ExploreQuery } from '@nocturna/shared';

export const exploreKeys = {
  all: ['explore'] as const,
  map: (viewerId: string | null, query: ExploreQuery) => ['explore', 'map', viewerId ?? '', query] as const,
  directions: (clubId: string) => ['explore', 'directions', clubId] as const,
  mapConfig: ['explore', 'map-config'] as const,
};
