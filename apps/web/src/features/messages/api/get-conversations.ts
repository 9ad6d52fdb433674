// GET /api/conversations: my conversations, most recent activity first, cursor for older ones.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPage } from '@nocturna/shared';
import { CONVERSATIONS_PAGE_SIZE } from '@nocturna/shared/messages';
import { api, withQuery } from '../../../lib/api-client.ts';
import { messageKeys } from './message-keys.ts';

export const getConversations = (cursor: string | undefined, signal?: AbortSignal) =>
  api<ConversationPage>(withQuery('/api/conversations', { cursor, limit: CONVERSATIONS_PAGE_SIZE }), {
    signal,
  });

export const conversationsQueryOptions = (me: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversations(me),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useConversations = (me: string) => useInfiniteQuery(conversationsQueryOptions(me));
