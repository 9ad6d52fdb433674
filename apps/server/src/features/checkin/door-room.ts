// Live door updates over Socket.IO: a door asks to watch its event ('door:watch', acknowledged with the aforo)
// and joins that event's room once the server has checked it may scan there; every entry, aforo change and
// conflict of the event then reaches every door watching it, on every server when the Redis adapter is on.
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { DOOR_SOCKET_EVENTS, type Aforo } from '@nocturna/shared';
import type { SocketData } from '../../realtime/socket-auth.ts';
import type { Db } from '../../db/connect.ts';
import { userRoom } from '../../realtime/bus.ts';
import { aforoOf, findDoorEvent } from './repository.ts';

export const doorRoom = (eventId: string) => `door:${eventId}`;

export const DOOR_CLIENT_EVENTS: readonly string[] = [DOOR_SOCKET_EVENTS.watch, DOOR_SOCKET_EVENTS.unwatch];

// Sends an event to every door watching the event (on every server when the Redis adapter is on).
export type PushToDoors = (eventId: string, event: string, payload: unknown) => void;

export function doorPusher(io: Server): PushToDoors {
  return (eventId, event, payload) => {
    io.to(doorRoom(eventId)).emit(event, payload);
  };
}

const eventIdSchema = z.string().min(1).max(200);
type WatchAck = (answer: { ok: true; aforo: Aforo } | { ok: false; code: string }) => void;

export function handleDoorEvents(ctx: { db: Db; log: FastifyBaseLogger }, socket: Socket): void {
  const { userId } = socket.data as SocketData;
  const log = ctx.log.child({ socketId: socket.id, userId });

  // The acknowledgement is optional: without one, a door that may watch gets the aforo as a 'door:aforo' event.
  socket.on(DOOR_SOCKET_EVENTS.watch, (...args: unknown[]) => {
    const [eventId, ack] = args;
    if (
      !eventIdSchema.safeParse(eventId).success ||
      (ack !== undefined && typeof ack !== 'function') ||
      args.length > 2
    ) {
      log.warn({ event: DOOR_SOCKET_EVENTS.watch }, 'malformed socket event ignored');
      return;
    }
    const answer: WatchAck =
      typeof ack === 'function'
        ? (ack as WatchAck)
        : (reply) => reply.ok && socket.emit(DOOR_SOCKET_EVENTS.aforo, reply.aforo);
    (async () => {
      const event = await findDoorEvent(ctx.db, eventId as string, userId);
      if (!event) return answer({ ok: false, code: 'EVENT_NOT_FOUND' });
      if (!event.allowed) return answer({ ok: false, code: 'NOT_DOOR_STAFF' });
      await socket.join(doorRoom(event.id));
      answer({ ok: true, aforo: { eventId: event.id, ...(await aforoOf(ctx.db, event.id)) } });
    })().catch((err: unknown) => log.error({ err }, 'door watch failed'));
  });

  socket.on(DOOR_SOCKET_EVENTS.unwatch, (...args: unknown[]) => {
    const [eventId] = args;
    if (!eventIdSchema.safeParse(eventId).success) return;
    void socket.leave(doorRoom(eventId as string));
  });
}

// After someone loses a door (removed from a club's staff, an owner removed, a ceo or admin role revoked), their
// open sockets — on every server, through the adapter — leave the door rooms they may no longer watch, so no
// further entry or aforo reaches them. The API already refuses them from the same moment.
export async function leaveDoorsNoLongerAllowed(
  doors: { io: Server; db: Db },
  userId: string,
): Promise<number> {
  const sockets = await doors.io.in(userRoom(userId)).fetchSockets();
  const watched = new Set(sockets.flatMap((s) => [...s.rooms].filter((room) => room.startsWith('door:'))));
  let left = 0;
  for (const room of watched) {
    const event = await findDoorEvent(doors.db, room.slice('door:'.length), userId);
    if (event?.allowed) continue;
    doors.io.in(userRoom(userId)).socketsLeave(room);
    left += 1;
  }
  return left;
}
