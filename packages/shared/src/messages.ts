// Private messages contract: one-to-one conversations, messages, read receipts, unread counts,
// typing, and the socket events that carry them. Shared by the server, the web app and the tests.
import { z } from 'zod';

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_SIZE = 30;
// Sending: at most this many messages per user in the window (429 with Retry-After beyond it).
export const MESSAGE_SEND_LIMIT = { max: 30, windowSeconds: 60 } as const;
// Starting conversations with new people: a spammer cannot open hundreds of threads.
export const CONVERSATION_START_LIMIT = { max: 20, windowSeconds: 600 } as const;
// A typing indicator disappears this long after the last "typing" signal.
export const TYPING_TIMEOUT_MS = 5000;
// A client repeats "typing" at most this often while the person keeps typing.
export const TYPING_REPEAT_MS = 2000;

// NUL cannot be stored in a PostgreSQL text column; anything else a person types is kept as text.
const NO_NUL = /^[^\u0000]*$/; // eslint-disable-line no-control-regex -- NUL is exactly what it refuses

export const messageBodySchema = z
  .string()
  .trim()
  .min(1, 'El mensaje no puede estar vacío.')
  .max(MESSAGE_MAX_LENGTH, `El mensaje no puede pasar de ${MESSAGE_MAX_LENGTH} caracteres.`)
  .regex(NO_NUL, 'El mensaje contiene caracteres no válidos.');

export const sendMessageSchema = z.object({
  body: messageBodySchema,
  // Chosen by the sending tab: a retried send with the same id is stored once, and the tab recognises its
  // own message when the socket brings it back.
  clientId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const startConversationSchema = z.object({ userId: z.string().min(1).max(100) });
export const markReadSchema = z.object({ seq: z.number().int().min(0) });

// Another person as the messages screens show them: enough to recognise them, nothing private.
export const messagePeerSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type MessagePeer = z.infer<typeof messagePeerSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  // Position in the conversation, 1, 2, 3...: the order, the read marker and the cursor.
  seq: z.number().int(),
  senderId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  clientId: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

// Why the composer is closed: the other person only takes messages from connections.
export const SEND_BLOCKERS = ['connections_only'] as const;

export const conversationSchema = z.object({
  id: z.string(),
  other: messagePeerSchema,
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int().min(0),
  myLastReadSeq: z.number().int().min(0),
  // The read receipt: the other person has seen my messages up to this seq.
  otherLastReadSeq: z.number().int().min(0),
  canSend: z.boolean(),
  cannotSendReason: z.enum(SEND_BLOCKERS).nullable(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuery = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PAGE_SIZE),
});
export const conversationPage = z.object({
  items: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPage>;

export const messageListQuery = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
});
// Newest first: the first page is the end of the conversation; nextCursor goes back in time.
export const messagePage = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePage>;

export const readStateSchema = z.object({
  conversationId: z.string(),
  lastReadSeq: z.number().int().min(0),
  unreadCount: z.number().int().min(0),
  totalUnread: z.number().int().min(0),
});
export const messagesUnreadSchema = z.object({ count: z.number().int().min(0) });

// Server → client socket events.
export const MESSAGE_SOCKET_EVENTS = {
  // { conversationId, message, unreadCount }: to both people's tabs; unreadCount is the receiving user's own.
  messageNew: 'message:new',
  // { conversationId, userId, lastReadSeq }: someone read up to lastReadSeq (receipts for the other person).
  conversationRead: 'conversation:read',
  // { count }: the user's unread messages across conversations (the nav badge).
  unreadCount: 'messages:unread-count',
  // { conversationId, userId, typing }: the other person started or stopped typing.
  typing: 'conversation:typing',
} as const;

export const messageNewEventSchema = z.object({
  conversationId: z.string(),
  message: messageSchema,
  unreadCount: z.number().int().min(0),
});
export type MessageNewEvent = z.infer<typeof messageNewEventSchema>;
export const conversationReadEventSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  lastReadSeq: z.number().int().min(0),
});
export type ConversationReadEvent = z.infer<typeof conversationReadEventSchema>;
export const typingEventSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  typing: z.boolean(),
});
export type TypingEvent = z.infer<typeof typingEventSchema>;

// Client → server socket events.
export const MESSAGE_CLIENT_EVENTS = {
  // { conversationId, typing }: sent every TYPING_REPEAT_MS while typing, and { typing: false } on stop/send.
  typing: 'conversation:typing',
  // { conversationId | null } (optional ack): the conversation this tab shows while the page is visible. The server skips
  // the message_new notification when one of the recipient's tabs is looking at the conversation.
  viewing: 'conversation:viewing',
} as const;

export const typingClientSchema = z
  .object({ conversationId: z.string().min(1).max(100), typing: z.boolean() })
  .strict();
export const viewingClientSchema = z
  .object({ conversationId: z.string().min(1).max(100).nullable() })
  .strict();
