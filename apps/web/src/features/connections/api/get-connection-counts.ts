// GET /api/connections/counts: the number beside each tab.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionCounts } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { peopleKeys } from './people-keys.ts';

export const getConnectionCounts = (signal?: AbortSignal) =>
  api<ConnectionCounts>('/api/connections/counts', { signal });

export const connectionCountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: peopleKeys.counts(userId), queryFn: ({ signal }) => getConnectionCounts(signal) });

export const useConnectionCounts = (userId: string) => useQuery(connectionCountsQueryOptions(userId));
