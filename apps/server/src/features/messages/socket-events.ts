// The messages feature's client → server socket events: "typing" (forwarded to the other member, never
// stored) and "viewing" (which conversation this tab shows; see live.ts). Malformed payloads are ignored;
// both count against the socket's flood limit in realtime/client-events.ts, with which messages/routes.ts
// registers them.
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Db } from '../../db/connect.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { ClientEventHandlers } from '../../realtime/client-events.ts';
import { MESSAGE_CLIENT_EVENTS, typingClientSchema, viewingClientSchema } from '@nocturna/shared';
import { pushTyping, viewingRoom } from './live.ts';
import { otherMember } from './service.ts';

export const MESSAGE_CLIENT_EVENT_NAMES: readonly string[] = Object.values(MESSAGE_CLIENT_EVENTS);

// Who is on the other side of a conversation is looked up at most this often per socket and conversation,
// so a block takes effect on typing within this time.
const MEMBER_CACHE_MS = 10_000;

// What the socket events work with, built once where messages/routes.ts registers them: the database (who is on
// the other side of a conversation) and the realtime bus (the typing signal to that person's tabs).
export type MessageSocketContext = { db: Db; bus: RealtimeBus };

export function handleMessageSocketEvents(
  ctx: MessageSocketContext,
  socket: Socket,
  userId: string,
  log: FastifyBaseLogger,
) {
  const members = new Map<string, { otherId: string | null; at: number }>();
  let viewing: string | null = null;

  const otherOf = async (conversationId: string) => {
    const cached = members.get(conversationId);
    if (cached && performance.now() - cached.at < MEMBER_CACHE_MS) return cached.otherId;
    const otherId = await otherMember(ctx.db, userId, conversationId);
    if (members.size > 100) members.clear();
    members.set(conversationId, { otherId, at: performance.now() });
    return otherId;
  };

  socket.on(MESSAGE_CLIENT_EVENTS.typing, (...args: unknown[]) => {
    const parsed = typingClientSchema.safeParse(args[0]);
    if (!parsed.success || args.length > 1) {
      log.warn({ event: MESSAGE_CLIENT_EVENTS.typing }, 'malformed socket event ignored');
      return;
    }
    const { conversationId, typing } = parsed.data;
    otherOf(conversationId).then(
      (otherId) => {
        if (otherId) pushTyping(ctx.bus, otherId, { conversationId, userId, typing });
      },
      (err: unknown) => log.error({ err }, 'typing signal failed'),
    );
  });

  socket.on(MESSAGE_CLIENT_EVENTS.viewing, (...args: unknown[]) => {
    // An acknowledgement is optional: the client may wait for it before it counts on the server knowing.
    const ack =
      args.length === 2 && typeof args[1] === 'function' ? (args[1] as (reply: unknown) => void) : undefined;
    const parsed = viewingClientSchema.safeParse(args[0]);
    if (!parsed.success || args.length > (ack ? 2 : 1)) {
      log.warn({ event: MESSAGE_CLIENT_EVENTS.viewing }, 'malformed socket event ignored');
      return;
    }
    // The room carries this user's id, so joining one for a conversation they are not in only silences
    // notifications they would never get anyway.
    if (viewing) void socket.leave(viewingRoom(userId, viewing));
    viewing = parsed.data.conversationId;
    if (viewing) void socket.join(viewingRoom(userId, viewing));
    ack?.({ viewing });
  });
}

export const messageSocketEvents = (ctx: MessageSocketContext): ClientEventHandlers => ({
  events: MESSAGE_CLIENT_EVENT_NAMES,
  attach: (socket, { userId, log }) => handleMessageSocketEvents(ctx, socket, userId, log),
});
