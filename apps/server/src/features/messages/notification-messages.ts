// The wording of the message_new notification. Stored in Spanish, the product's language.
import type { NewNotification } from '../notifications/service.ts';

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
    title: `${input.senderName} te ha escrito`,
    body: preview(input.body),
    link: `/mensajes/${encodeURIComponent(input.senderId)}`,
    refs: { conversationId: input.conversationId, messageId: input.messageId, userId: input.senderId },
  };
}
