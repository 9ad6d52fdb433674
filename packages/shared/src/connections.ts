// Connections contract: how two people stand to each other, the four lists of /conexiones and the
// socket event that keeps them live. Shared by the server, the web app and the tests.
import { z } from 'zod';
import { presenceSchema } from './notifications.ts';

// The viewer's side of a pair: nothing between them, connected, a request I sent, a request I received, or me.
export const CONNECTION_STATES = ['none', 'connected', 'outgoing', 'incoming', 'self'] as const;
export const connectionStateSchema = z.enum(CONNECTION_STATES);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

// Another person as lists show them: enough to recognise them, nothing private.
export const userCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type UserCard = z.infer<typeof userCardSchema>;

export const CONNECTION_TABS = ['connections', 'received', 'sent', 'suggestions'] as const;
export const connectionTabSchema = z.enum(CONNECTION_TABS);
export type ConnectionTab = z.infer<typeof connectionTabSchema>;

export const SUGGESTIONS_LIMIT = 30;

export const connectionListQuery = z.object({
  tab: connectionTabSchema.default('connections'),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConnectionListQuery = z.infer<typeof connectionListQuery>;

export const connectionItemSchema = z.object({
  user: userCardSchema,
  state: connectionStateSchema,
  // When the request was sent (received, sent) or accepted (connections); null for suggestions.
  since: z.string().nullable(),
  // Only for accepted connections who show it; null otherwise.
  presence: presenceSchema.nullable(),
  mutualConnections: z.number().int().min(0),
  // Suggestions only: upcoming events both are going to.
  sharedEvents: z.number().int().min(0),
});
export type ConnectionItem = z.infer<typeof connectionItemSchema>;

export const connectionPage = z.object({
  items: z.array(connectionItemSchema),
  nextCursor: z.string().nullable(),
});
export type ConnectionPage = z.infer<typeof connectionPage>;

export const connectionCountsSchema = z.object({
  connections: z.number().int().min(0),
  received: z.number().int().min(0),
  sent: z.number().int().min(0),
  suggestions: z.number().int().min(0),
});
export type ConnectionCounts = z.infer<typeof connectionCountsSchema>;

export const connectionRequestSchema = z.object({
  userId: z.string().trim().min(1, 'Falta la persona.').max(100),
});

// The answer to every connection action: where the pair stands now, and whether the action changed anything.
export const connectionStatusSchema = z.object({
  userId: z.string(),
  state: connectionStateSchema,
  changed: z.boolean(),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const blockStatusSchema = z.object({ userId: z.string(), blocked: z.boolean(), changed: z.boolean() });
export const blockedListSchema = z.object({
  items: z.array(userCardSchema.extend({ blockedAt: z.string() })),
});
export type BlockedList = z.infer<typeof blockedListSchema>;

// Server → client: something changed between the user and `userId` (request, accept, decline, remove, block).
// Both people's tabs hear it, so their lists and counts refresh without a reload.
export { CONNECTION_SOCKET_EVENTS } from './socket-events.ts';
export const connectionChangedSchema = z.object({ userId: z.string() });

// "N conexiones van" on an event page: how many of the viewer's connections hold a ticket for it (only those whose
// "show my events" switch is on, never across a block), and the faces of the first few.
export const EVENT_GOING_FACES = 5;
export const eventConnectionsGoingSchema = z.object({
  count: z.number().int().min(0),
  people: z.array(userCardSchema).max(EVENT_GOING_FACES),
});
export type EventConnectionsGoing = z.infer<typeof eventConnectionsGoingSchema>;
