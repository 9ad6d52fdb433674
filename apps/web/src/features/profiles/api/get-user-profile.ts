// GET /api/users/:id/profile or /api/users/by-username/:username/profile: another person as I may see them.
// A 404 (nobody, or a block either way) is final: it is not retried.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@nocturna/shared';
import { api, ApiRequestError } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../connections/api/people-keys.ts';

export type ProfileTarget = { userId: string } | { username: string };

const targetKey = (target: ProfileTarget) =>
  'userId' in target ? `id:${target.userId}` : `username:${target.username.toLowerCase()}`;

export const getUserProfile = (target: ProfileTarget, signal?: AbortSignal) =>
  api<UserProfile>(
    'userId' in target
      ? `/api/users/${encodeURIComponent(target.userId)}/profile`
      : `/api/users/by-username/${encodeURIComponent(target.username)}/profile`,
    { signal },
  );

export const userProfileQueryOptions = (viewerId: string, target: ProfileTarget) =>
  queryOptions({
    queryKey: peopleKeys.profile(viewerId, targetKey(target)),
    queryFn: ({ signal }) => getUserProfile(target, signal),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });

export const useUserProfile = (
  viewerId: string,
  target: ProfileTarget,
  enabled: boolean | (() => boolean) = true,
) => useQuery({ ...userProfileQueryOptions(viewerId, target), enabled });
