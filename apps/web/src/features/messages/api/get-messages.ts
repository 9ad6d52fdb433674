// GET /api/conversations/:id/messages: the newest page first; each next page goes back in time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessagePage } from '@nocturna/shared';
import { MESSAGES_PAGE_SIZE } from '@nocturna/shared/messages';
import { api, withQuery } from '../../../lib/api-client.ts';
import { messageKeys } from './message-keys.ts';

export const getMessages = (conversationId: string, cursor: string | undefined, signal?: AbortSignal) =>
  api<MessagePage>(
    withQuery(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
      cursor,
      limit: MESSAGES_PAGE_SIZE,
    }),
    { signal },
  );

export const messagesQueryOptions = (me: string, conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(me, conversationId),
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Live events keep the thread current; a refetch would only reset the pages already scrolled through.
    staleTime: Infinity,
  });

export const useMessages = (me: string, conversationId: string | undefined) =>
  useInfiniteQuery({
    ...messagesQueryOptions(me, conversationId ?? ''),
    enabled: Boolean(me && conversationId),
  });
