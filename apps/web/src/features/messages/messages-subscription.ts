// While someone is signed in: turns the socket's message events into cache updates (threads, conversation
// list, the conversation opened by user, typing, the unread count for the nav badge).
import type { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@nocturna/shared';
import {
  conversationReadEventSchema,
  messageNewEventSchema,
  messagesUnreadSchema,
  MESSAGE_SOCKET_EVENTS,
  typingEventSchema,
} from '@nocturna/shared/messages';
import { setLiveQueryData } from '../../lib/live-query-data.ts';
import { onSocketConnect, onSocketEvent } from '../../lib/socket.ts';
import { messageKeys } from './api/message-keys.ts';
import {
  addMessage,
  hasConversation,
  mapConversations,
  moveToTop,
  withMessage,
  withRead,
  type ConversationPages,
  type MessagePages,
} from './message-cache.ts';
import { clearTyping, setTyping } from './typing-store.ts';

export function subscribeMessages(queryClient: QueryClient, me: string): () => void {
  const editConversations = (fn: (c: Conversation) => Conversation) => {
    queryClient.setQueryData<ConversationPages>(messageKeys.conversations(me), (data) =>
      mapConversations(data, fn),
    );
    queryClient.setQueriesData<Conversation>({ queryKey: messageKeys.withUserAll(me) }, (c) => c && fn(c));
  };
  // Payloads are checked: a malformed event is ignored rather than written into the cache.
  const subscriptions = [
    onSocketEvent(MESSAGE_SOCKET_EVENTS.messageNew, (payload) => {
      const parsed = messageNewEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const event = parsed.data;
      queryClient.setQueryData<MessagePages>(messageKeys.thread(me, event.conversationId), (data) =>
        addMessage(data, event.message),
      );
      const list = queryClient.getQueryData<ConversationPages>(messageKeys.conversations(me));
      if (list && !hasConversation(list, event.conversationId))
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(me) });
      editConversations((c) => withMessage(c, event, me));
      queryClient.setQueryData<ConversationPages>(messageKeys.conversations(me), (data) =>
        moveToTop(data, event.conversationId),
      );
      if (event.message.senderId !== me) clearTyping(event.conversationId, event.message.senderId);
    }),
    onSocketEvent(MESSAGE_SOCKET_EVENTS.conversationRead, (payload) => {
      const parsed = conversationReadEventSchema.safeParse(payload);
      if (parsed.success) editConversations((c) => withRead(c, parsed.data, me));
    }),
    onSocketEvent(MESSAGE_SOCKET_EVENTS.unreadCount, (payload) => {
      const parsed = messagesUnreadSchema.safeParse(payload);
      if (parsed.success) void setLiveQueryData(queryClient, messageKeys.unread(me), parsed.data);
    }),
    onSocketEvent(MESSAGE_SOCKET_EVENTS.typing, (payload) => {
      const parsed = typingEventSchema.safeParse(payload);
      if (parsed.success && parsed.data.userId !== me)
        setTyping(parsed.data.conversationId, parsed.data.userId, parsed.data.typing);
    }),
    // After a drop the socket missed events: everything on screen is read again. So too when this module loaded
    // after the socket connected: a message in between was sent before anything here listened.
    onSocketConnect(() => void queryClient.invalidateQueries({ queryKey: messageKeys.all }), {
      alsoIfOpen: true,
    }),
  ];
  return () => subscriptions.forEach((unsubscribe) => unsubscribe());
}
