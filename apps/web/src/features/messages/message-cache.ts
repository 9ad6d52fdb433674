// How each live event (or this tab's own action) rewrites the cached conversations and threads, so every
// screen follows without refetching. Pure functions over TanStack Query's data.
import type { InfiniteData } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationPage,
  ConversationReadEvent,
  Message,
  MessageNewEvent,
  MessagePage,
} from '@nocturna/shared';

export type ConversationPages = InfiniteData<ConversationPage, string | undefined>;
export type MessagePages = InfiniteData<MessagePage, string | undefined>;

// A new message goes into the newest page in seq order, once (the sending tab hears its own message too).
export function addMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  const items = [...first!.items, message].sort((a, b) => b.seq - a.seq);
  return { ...data, pages: [{ ...first!, items }, ...rest] };
}

// Oldest first, the order a thread is read in.
export function threadMessages(data: InfiniteData<MessagePage, unknown> | undefined): Message[] {
  const all = data?.pages.flatMap((page) => page.items) ?? [];
  return [...all].sort((a, b) => a.seq - b.seq);
}

export function withMessage(conversation: Conversation, event: MessageNewEvent, me: string): Conversation {
  if (conversation.id !== event.conversationId) return conversation;
  const newer = !conversation.lastMessage || event.message.seq >= conversation.lastMessage.seq;
  return {
    ...conversation,
    lastMessage: newer ? event.message : conversation.lastMessage,
    unreadCount: newer ? event.unreadCount : conversation.unreadCount,
    myLastReadSeq:
      event.message.senderId === me
        ? Math.max(conversation.myLastReadSeq, event.message.seq)
        : conversation.myLastReadSeq,
  };
}

export function withRead(conversation: Conversation, event: ConversationReadEvent, me: string): Conversation {
  if (conversation.id !== event.conversationId) return conversation;
  if (event.userId !== me)
    return { ...conversation, otherLastReadSeq: Math.max(conversation.otherLastReadSeq, event.lastReadSeq) };
  const myLastReadSeq = Math.max(conversation.myLastReadSeq, event.lastReadSeq);
  const readAll = myLastReadSeq >= (conversation.lastMessage?.seq ?? 0);
  return { ...conversation, myLastReadSeq, unreadCount: readAll ? 0 : conversation.unreadCount };
}

export function mapConversations(
  data: ConversationPages | undefined,
  fn: (c: Conversation) => Conversation,
): ConversationPages | undefined {
  return data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(fn) })) };
}

export const hasConversation = (data: ConversationPages | undefined, id: string) =>
  data?.pages.some((page) => page.items.some((c) => c.id === id)) ?? false;

// The conversation with new activity moves to the top of the list.
export function moveToTop(data: ConversationPages | undefined, id: string): ConversationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const found = data.pages.flatMap((page) => page.items).find((c) => c.id === id);
  if (!found) return data;
  const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== id) }));
  pages[0] = { ...pages[0]!, items: [found, ...pages[0]!.items] };
  return { ...data, pages };
}

export const flattenConversations = (
  data: InfiniteData<ConversationPage, unknown> | undefined,
): Conversation[] => data?.pages.flatMap((page) => page.items) ?? [];
