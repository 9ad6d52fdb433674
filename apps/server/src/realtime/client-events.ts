// The events a client may send. Everything else, and anything malformed, is logged and ignored; every event
// counts against the socket's flood limit.
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { floodLimiter } from './flood-limit.ts';
import type { SocketData } from './socket-auth.ts';
import { unreadCount } from '../features/notifications/service.ts';
import { MESSAGE_CLIENT_EVENT_NAMES, handleMessageSocketEvents } from '../features/messages/socket-events.ts';
import { DOOR_CLIENT_EVENTS, handleDoorEvents } from '../features/checkin/door-room.ts';

export const CLIENT_EVENTS = {
  // Ask for the unread count (acknowledged with { count }); the client sends it after a reconnect.
  unreadCount: 'notifications:unread-count',
} as const;

type Ack = (payload: unknown) => void;

const KNOWN_EVENTS = new Set<unknown>([
  CLIENT_EVENTS.unreadCount,
  ...MESSAGE_CLIENT_EVENT_NAMES,
  ...DOOR_CLIENT_EVENTS,
]);

export function handleClientEvents(app: FastifyInstance, socket: Socket) {
  const limiter = floodLimiter();
  const { userId } = socket.data as SocketData;
  const log = app.log.child({ socketId: socket.id, userId });
  let lastDropLog = 0;

  socket.use((packet, next) => {
    const decision = limiter.take();
    if (decision === 'disconnect') {
      log.warn({ drops: limiter.drops }, 'socket kept flooding; disconnected');
      socket.disconnect(true);
      return;
    }
    if (decision === 'drop') {
      if (Date.now() - lastDropLog > 1000) {
        lastDropLog = Date.now();
        log.warn({ drops: limiter.drops }, 'socket over its event rate; events dropped');
      }
      return;
    }
    const [event] = packet;
    if (!KNOWN_EVENTS.has(event)) {
      log.warn(
        { event: typeof event === 'string' ? event.slice(0, 100) : typeof event },
        'unknown socket event ignored',
      );
      return;
    }
    next();
  });

  socket.on(CLIENT_EVENTS.unreadCount, (...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack !== 'function' || args.length > 2) {
      log.warn({ event: CLIENT_EVENTS.unreadCount }, 'malformed socket event ignored');
      return;
    }
    unreadCount(app.db, userId).then(
      (count) => (ack as Ack)({ count }),
      (err: unknown) => log.error({ err }, 'unread count for socket failed'),
    );
  });

  handleMessageSocketEvents(app, socket, userId, log);
  handleDoorEvents(app, socket);

  socket.on('error', (err) => log.warn({ err: err.message }, 'socket error'));
}
