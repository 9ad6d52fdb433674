// POST /api/conversations/:id/messages. The tab picks the clientId, so a retry after a failed answer is
// stored once; the message lands in the thread from the answer or from the socket, whichever comes first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import {
  addMessage,
  mapConversations,
  moveToTop,
  withMessage,
  type ConversationPages,
  type MessagePages,
} from '../message-cache.ts';
import { messageKeys } from './message-keys.ts';

export type SendInput = { conversationId: string; body: string; clientId: string };

export const sendMessage = ({ conversationId, body, clientId }: SendInput) =>
  api<Message>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    json: { body, clientId },
  });

export function useSendMessage(me: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      const event = { conversationId: message.conversationId, message, unreadCount: 0 };
      queryClient.setQueryData<MessagePages>(messageKeys.thread(me, message.conversationId), (data) =>
        addMessage(data, message),
      );
      queryClient.setQueryData<ConversationPages>(messageKeys.conversations(me), (data) =>
        moveToTop(
          mapConversations(data, (c) => withMessage(c, event, me)),
          message.conversationId,
        ),
      );
      queryClient.setQueriesData<Conversation>(
        { queryKey: messageKeys.withUserAll(me) },
        (c) => c && withMessage(c, event, me),
      );
      // A first message makes the conversation appear in the list.
      if (
        !queryClient
          .getQueryData<ConversationPages>(messageKeys.conversations(me))
          ?.pages.some((p) => p.items.some((c) => c.id === message.conversationId))
      ) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(me) });
      }
    },
  });
}
