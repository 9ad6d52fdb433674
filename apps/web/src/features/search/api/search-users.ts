// GET /api/users/search?q=…: people by name or username, 20 at a time, a cursor for more. Open to visitors.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { UserSearchPage } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { peopleKeys } from '../../connections/api/people-keys.ts';

export const SEARCH_PAGE_SIZE = 20;

export const searchUsers = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  api<UserSearchPage>(withQuery('/api/users/search', { q, cursor, limit: SEARCH_PAGE_SIZE }), { signal });

export const userSearchQueryOptions = (viewerId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.search(viewerId, q),
    queryFn: ({ pageParam, signal }) => searchUsers(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: q.trim() !== '',
    // The previous results stay on screen while the next letters' results arrive.
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (viewerId: string, q: string) =>
  useInfiniteQuery(userSearchQueryOptions(viewerId, q));
