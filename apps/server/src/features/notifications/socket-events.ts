// The notifications feature's client → server socket event: the unread count, acknowledged with { count };
// the client asks after a reconnect.
import type { Db } from '../../db/connect.ts';
import type { ClientEventHandlers } from '../../realtime/client-events.ts';
import { unreadCount } from './service.ts';

export const NOTIFICATION_CLIENT_EVENTS = {
  unreadCount: 'notifications:unread-count',
} as const;

type Ack = (payload: unknown) => void;

// Built where the notifications feature registers, with the database it reads the count from.
export const notificationSocketEvents = (db: Db): ClientEventHandlers => ({
  events: Object.values(NOTIFICATION_CLIENT_EVENTS),
  attach: (socket, { userId, log }) => {
    socket.on(NOTIFICATION_CLIENT_EVENTS.unreadCount, (...args: unknown[]) => {
      const ack = args.at(-1);
      if (typeof ack !== 'function' || args.length > 2) {
        log.warn({ event: NOTIFICATION_CLIENT_EVENTS.unreadCount }, 'malformed socket event ignored');
        return;
      }
      unreadCount(db, userId).then(
        (count) => (ack as Ack)({ count }),
        (err: unknown) => log.error({ err }, 'unread count for socket failed'),
      );
    });
  },
});
