// The assistant's contract: conversations, their messages with cards and reservation proposals, and
// the NDJSON events a reply streams as. Shared by the server's routes and the chat page.
import { z } from 'zod';
import { eventPriceSchema, money } from './catalogue.ts';

// 30 messages per 10 minutes per person, whatever the engine.
export const ASSISTANT_RATE_LIMIT = { max: 30, windowSeconds: 600 } as const;
export const ASSISTANT_MESSAGE_MAX = 1000;
export const ASSISTANT_TITLE_MAX = 80;

export const assistantEventCard = z.object({
  kind: z.literal('event'),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  clubName: z.string(),
  barrio: z.string(),
  startAt: z.string(),
  coverURL: z.string(),
  minPrice: money.nullable(),
  soldOut: z.boolean(),
  // What is on sale at the time of the answer; answers saved before it was kept have none.
  price: eventPriceSchema.optional(),
});
export const assistantClubCard = z.object({
  kind: z.literal('club'),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  barrio: z.string(),
  address: z.string(),
  coverURL: z.string(),
  priceRange: z.string(),
  minimumAge: z.number().int(),
});
export const assistantCard = z.discriminatedUnion('kind', [assistantEventCard, assistantClubCard]);
export type AssistantCard = z.infer<typeof assistantCard>;
export type AssistantEventCard = z.infer<typeof assistantEventCard>;

export const PROPOSAL_STATUSES = ['proposed', 'confirmed', 'dismissed'] as const;
// A ticket the assistant offers to get: nothing happens until the person confirms it on the page, which then
// takes the normal ticket path (POST /api/tickets).
export const assistantProposal = z.object({
  id: z.string(),
  eventId: z.string(),
  eventSlug: z.string(),
  eventName: z.string(),
  startAt: z.string(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  price: money,
  quantity: z.number().int().min(1),
  status: z.enum(PROPOSAL_STATUSES),
  ticketId: z.string().nullable(),
});
export type AssistantProposal = z.infer<typeof assistantProposal>;

export const assistantMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  cards: z.array(assistantCard),
  proposal: assistantProposal.nullable(),
  // Said beside the answer, e.g. that the model failed and the built-in assistant answered instead.
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessage>;

export const assistantConversation = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssistantConversation = z.infer<typeof assistantConversation>;
export const assistantConversationList = z.object({ items: z.array(assistantConversation) });
export const assistantConversationDetail = assistantConversation.extend({
  messages: z.array(assistantMessage),
});
export type AssistantConversationDetail = z.infer<typeof assistantConversationDetail>;

export const ASSISTANT_LANGS = ['es', 'en'] as const;
export const assistantSendBody = z.object({
  // Absent: the message starts a new conversation.
  conversationId: z.string().trim().min(1).max(100).optional(),
  text: z
    .string()
    .trim()
    .min(1, 'Escribe una pregunta.')
    .max(ASSISTANT_MESSAGE_MAX, `Como mucho ${ASSISTANT_MESSAGE_MAX} caracteres.`),
  // The page's language: a hint; the question's own language wins when it is clear.
  lang: z.enum(ASSISTANT_LANGS).optional(),
});
export type AssistantSendBody = z.infer<typeof assistantSendBody>;

export const assistantRenameBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'El título no puede estar vacío.')
    .max(ASSISTANT_TITLE_MAX, `Como mucho ${ASSISTANT_TITLE_MAX} caracteres.`),
});

export const assistantProposalUpdate = z.object({
  status: z.enum(['confirmed', 'dismissed']),
  ticketId: z.string().trim().min(1).max(120).optional(),
});

// One line of the reply stream (application/x-ndjson).
export type AssistantStreamEvent =
  | { type: 'start'; conversationId: string; messageId: string; engine: 'builtin' | 'model' }
  | { type: 'text'; delta: string }
  | { type: 'cards'; cards: AssistantCard[] }
  | { type: 'proposal'; proposal: AssistantProposal }
  | { type: 'note'; text: string }
  | { type: 'done'; message: AssistantMessage; conversation: AssistantConversation }
  | { type: 'error'; error: { code: string; message: string } };
