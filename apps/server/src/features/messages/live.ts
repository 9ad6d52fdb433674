// What the messages feature pushes through the realtime bus, and how the server knows whether someone is
// looking at a conversation: each tab tells the server which conversation it shows while the page is
// visible (the conversation:viewing socket event) and the socket joins the room viewing:<user>:<conversation>.
// A message to someone with a socket in that room, on any server, raises no notification.
import type { Server } from 'socket.io';
import {
  MESSAGE_SOCKET_EVENTS,
  type ConversationReadEvent,
  type MessageNewEvent,
  type TypingEvent,
} from '@nocturna/shared';
import type { RealtimeBus } from '../../realtime/bus.ts';

export const viewingRoom = (userId: string, conversationId: string) => `viewing:${userId}:${conversationId}`;

// Across servers the question travels through the Redis adapter; if it cannot be answered quickly the person
// is taken as not looking, so at worst they get a notification they did not need.
const VIEWING_ANSWER_MS = 1000;

export async function isViewing(io: Server, userId: string, conversationId: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), VIEWING_ANSWER_MS);
  });
  try {
    const sockets = io
      .in(viewingRoom(userId, conversationId))
      .fetchSockets()
      .then(
        (s) => s.length > 0,
        () => false,
      );
    return await Promise.race([sockets, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const pushMessage = (bus: RealtimeBus, userId: string, event: MessageNewEvent) =>
  bus.toUser(userId, MESSAGE_SOCKET_EVENTS.messageNew, event);
export const pushRead = (bus: RealtimeBus, userId: string, event: ConversationReadEvent) =>
  bus.toUser(userId, MESSAGE_SOCKET_EVENTS.conversationRead, event);
export const pushUnread = (bus: RealtimeBus, userId: string, count: number) =>
  bus.toUser(userId, MESSAGE_SOCKET_EVENTS.unreadCount, { count });
export const pushTyping = (bus: RealtimeBus, userId: string, event: TypingEvent) =>
  bus.toUser(userId, MESSAGE_SOCKET_EVENTS.typing, event);
