// POST /api/conversations { userId }: the conversation with this person, created the first time it is opened.
// The call is idempotent (one conversation per pair), so it is read like a query.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './message-keys.ts';

export const openConversation = (userId: string, signal?: AbortSignal) =>
  api<Conversation>('/api/conversations', { method: 'POST', json: { userId }, signal });

export const conversationWithQueryOptions = (me: string, userId: string) =>
  queryOptions({
    queryKey: messageKeys.withUser(me, userId),
    queryFn: ({ signal }) => openConversation(userId, signal),
    retry: false,
  });

export const useConversationWith = (me: string, userId: string | undefined) =>
  useQuery({ ...conversationWithQueryOptions(me, userId ?? ''), enabled: Boolean(me && userId) });
