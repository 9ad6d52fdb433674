// The wall live: a Socket.IO room per event ('wall:<eventId>'), joined with 'wall:watch' once the server has
// checked the person may see that wall; moderators also join 'wall-mod:<eventId>' for the queue. A new snapshot
// goes to the room except the user rooms of people blocked either way with its author. Visitors without a session
// watch a public wall from 'wall-visitors:<eventId>', which hears snapshots and reactions only while the gallery is
// public, so a wall made attendees-only stops reaching them at once.
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { WALL_SOCKET_EVENTS } from '@nocturna/shared';
import { userRoom } from '../../realtime/bus.ts';
import type { SocketData } from '../../realtime/socket-auth.ts';
import { watchAccess, type WallContext, type WallGallery, type WallLive } from './service.ts';

export const wallRoom = (eventId: string) => `wall:${eventId}`;
export const wallModRoom = (eventId: string) => `wall-mod:${eventId}`;
export const wallVisitorsRoom = (eventId: string) => `wall-visitors:${eventId}`;
export const WALL_CLIENT_EVENTS: readonly string[] = [WALL_SOCKET_EVENTS.watch, WALL_SOCKET_EVENTS.unwatch];

const roomsFor = (eventId: string, gallery: WallGallery) =>
  gallery === 'public' ? [wallRoom(eventId), wallVisitorsRoom(eventId)] : [wallRoom(eventId)];

export function socketWallLive(io: Server): WallLive {
  return {
    snapshotShown(snapshot, _authorId, blocked, gallery) {
      let target = io.to(roomsFor(snapshot.eventId, gallery));
      if (blocked.length) target = target.except(blocked.map(userRoom));
      target.emit(WALL_SOCKET_EVENTS.snapshot, snapshot);
    },
    snapshotRemoved(eventId, snapshotId) {
      io.to([wallRoom(eventId), wallVisitorsRoom(eventId)]).emit(WALL_SOCKET_EVENTS.removed, {
        eventId,
        snapshotId,
      });
    },
    reactionsChanged(eventId, snapshotId, reactions, gallery) {
      io.to(roomsFor(eventId, gallery)).emit(WALL_SOCKET_EVENTS.reactions, {
        eventId,
        snapshotId,
        reactions,
      });
    },
    queueChanged(eventId) {
      io.to(wallModRoom(eventId)).emit(WALL_SOCKET_EVENTS.queue, { eventId });
    },
    authorUpdate(authorId, snapshot) {
      io.to(userRoom(authorId)).emit(WALL_SOCKET_EVENTS.mine, snapshot);
    },
  };
}

const eventIdSchema = z.string().min(1).max(200);
type WatchAnswer = { ok: true; eventId: string; moderator: boolean } | { ok: false; code: string };
type Rooms = (access: { eventId: string; moderator: boolean }) => string | string[];

// What the socket handlers need of the wall's context: the database (may this socket watch that wall?) and the log.
type WatchContext = Pick<WallContext, 'db' | 'log'>;

function handleWatch(ctx: WatchContext, socket: Socket, userId: string | null, rooms: Rooms): void {
  const log = ctx.log.child({ socketId: socket.id, ...(userId ? { userId } : { visitor: true }) });
  socket.on(WALL_SOCKET_EVENTS.watch, (...args: unknown[]) => {
    const [eventId, ack] = args;
    if (!eventIdSchema.safeParse(eventId).success || (ack !== undefined && typeof ack !== 'function')) {
      log.warn({ event: WALL_SOCKET_EVENTS.watch }, 'malformed socket event ignored');
      return;
    }
    const answer = typeof ack === 'function' ? (ack as (a: WatchAnswer) => void) : () => undefined;
    (async () => {
      const access = await watchAccess(ctx.db, eventId as string, userId);
      if (!access) return answer({ ok: false, code: 'EVENT_NOT_FOUND' });
      if (!access.allowed) return answer({ ok: false, code: 'WALL_ATTENDEES_ONLY' });
      await socket.join(rooms(access));
      answer({ ok: true, eventId: access.eventId, moderator: access.moderator });
    })().catch((err: unknown) => log.error({ err }, 'wall watch failed'));
  });
  socket.on(WALL_SOCKET_EVENTS.unwatch, (...args: unknown[]) => {
    const [eventId] = args;
    if (!eventIdSchema.safeParse(eventId).success) return;
    for (const room of [wallRoom, wallModRoom, wallVisitorsRoom]) void socket.leave(room(eventId as string));
  });
}

export function handleWallEvents(ctx: WatchContext, socket: Socket): void {
  const { userId } = socket.data as SocketData;
  handleWatch(ctx, socket, userId, (access) =>
    access.moderator ? [wallRoom(access.eventId), wallModRoom(access.eventId)] : wallRoom(access.eventId),
  );
}

// A visitor (a socket without a session) may watch a public wall only: watchAccess without a viewer lets in
// nothing else. Its room hears new snapshots only while the gallery is public (snapshotShown above).
export function handleVisitorWallEvents(ctx: WatchContext, socket: Socket): void {
  handleWatch(ctx, socket, null, (access) => wallVisitorsRoom(access.eventId));
}
