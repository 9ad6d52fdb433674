// GET /api/connections?tab=…: one tab of /conexiones, newest first, a cursor for more (suggestions: one page).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConnectionPage, ConnectionTab } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { peopleKeys } from './people-keys.ts';

export const getConnections = (tab: ConnectionTab, cursor: string | undefined, signal?: AbortSignal) =>
  api<ConnectionPage>(withQuery('/api/connections', { tab, cursor, limit: 20 }), { signal });

export const connectionsQueryOptions = (userId: string, tab: ConnectionTab) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.connections(userId, tab),
    queryFn: ({ pageParam, signal }) => getConnections(tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useConnections = (userId: string, tab: ConnectionTab) =>
  useInfiniteQuery(connectionsQueryOptions(userId, tab));
