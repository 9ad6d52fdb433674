// Query keys of the people screens (connections, profiles, search). A connection change touches all three,
// so they share one root and one invalidation.
import type { QueryClient } from '@tanstack/react-query';
import type { ConnectionTab } from '@nocturna/shared';

export const peopleKeys = {
  all: ['people'] as const,
  connections: (userId: string, tab: ConnectionTab) => ['people', 'connections', userId, tab] as const,
  counts: (userId: string) => ['people', 'connection-counts', userId] as const,
  blocked: (userId: string) => ['people', 'blocked', userId] as const,
  ownProfile: (userId: string) => ['people', 'own-profile', userId] as const,
  privacy: (userId: string) => ['people', 'privacy', userId] as const,
  // viewer: the signed-in user's id, or '' for a visitor; target: `id:<id>` or `username:<name>`.
  profile: (viewer: string, target: string) => ['people', 'profile', viewer, target] as const,
  search: (viewer: string, q: string) => ['people', 'search', viewer, q] as const,
};

export const invalidatePeople = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: peopleKeys.all });
