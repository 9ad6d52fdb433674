// GET /api/me/profile: my profile, privacy settings, connections count and the events I am going to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../connections/api/people-keys.ts';

export const getOwnProfile = (signal?: AbortSignal) => api<OwnProfile>('/api/me/profile', { signal });

export const ownProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: peopleKeys.ownProfile(userId), queryFn: ({ signal }) => getOwnProfile(signal) });

export const useOwnProfile = (userId: string) => useQuery(ownProfileQueryOptions(userId));
