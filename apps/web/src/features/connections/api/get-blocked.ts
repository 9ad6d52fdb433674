// GET /api/blocks: the people I blocked, to unblock them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedList } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { peopleKeys } from './people-keys.ts';

export const getBlocked = (signal?: AbortSignal) => api<BlockedList>('/api/blocks', { signal });

export const blockedQueryOptions = (userId: string) =>
  queryOptions({ queryKey: peopleKeys.blocked(userId), queryFn: ({ signal }) => getBlocked(signal) });

export const useBlocked = (userId: string) => useQuery(blockedQueryOptions(userId));
