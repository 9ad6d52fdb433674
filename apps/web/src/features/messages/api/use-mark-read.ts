// POST /api/conversations/:id/read { seq }: read up to that message. The sender's tabs get the receipt
// through the socket; this tab updates its own counts from the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { mapConversations, type ConversationPages } from '../message-cache.ts';
import { messageKeys } from './message-keys.ts';

type ReadState = { conversationId: string; lastReadSeq: number; unreadCount: number; totalUnread: number };

export const markConversationRead = ({ conversationId, seq }: { conversationId: string; seq: number }) =>
  api<ReadState>(`/api/conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'POST',
    json: { seq },
  });

export function useMarkConversationRead(me: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (state) => {
      const apply = (c: Conversation): Conversation =>
        c.id === state.conversationId
          ? {
              ...c,
              myLastReadSeq: Math.max(c.myLastReadSeq, state.lastReadSeq),
              unreadCount: state.unreadCount,
            }
          : c;
      queryClient.setQueryData<ConversationPages>(messageKeys.conversations(me), (data) =>
        mapConversations(data, apply),
      );
      queryClient.setQueriesData<Conversation>(
        { queryKey: messageKeys.withUserAll(me) },
        (c) => c && apply(c),
      );
      queryClient.setQueryData(messageKeys.unread(me), { count: state.totalUnread });
    },
  });
}
