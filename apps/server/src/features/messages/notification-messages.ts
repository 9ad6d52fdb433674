// The message_new notification: who wrote and a preview of what, worded in the reader's language when shown.
import type { NewNotification } from '../notifications/index.ts';

const PREVIEW_LENGTH = 120;

export function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…` : flat;
}

export function messageNew(input: {
  recipientId: string;
  senderId: string;
  senderName: string;
  conversationId: string;
  messageId: string;
  body: string;
}): NewNotification {
  return {
    userId: input.recipientId,
    type: 'message_new',
    message: 'messageNew',
    data: { name: input.senderName, preview: preview(input.body) },
    link: `/mensajes/${encodeURIComponent(input.senderId)}`,
    refs: { conversationId: input.conversationId, messageId: input.messageId, userId: input.senderId },
  };
}
