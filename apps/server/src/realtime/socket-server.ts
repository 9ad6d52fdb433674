// Socket.IO on the API server's own HTTP server (path /socket.io): cookie-authenticated sockets, a room per
// user, the Redis adapter when REDIS_URL is set (in-process otherwise). Decorates the app with `realtime`.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_EVENTS } from '@nocturna/shared';
import { isTrustedOrigin } from '../auth/origins.ts';
import { socketBus, type RealtimeBus } from './bus.ts';
import { clientEventRegistry, type ClientEventHandlers } from './client-events.ts';
import { redisLink, type RedisState } from './redis-adapter.ts';
import {
  SESSION_CHECK_MS,
  authenticateSockets,
  dropEndedSessions,
  dropSocketsOnSignOut,
} from './socket-auth.ts';

const RECONNECT_SPREAD_MS = 2000;

export type Realtime = RealtimeBus & {
  io: Server;
  redisState: () => RedisState;
  dropEndedSessions: () => Promise<number>;
  // A feature's client → server socket events, attached to every socket that connects from then on.
  onClientEvents: (handlers: ClientEventHandlers) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // Client events are tiny; a large frame is either a bug or an attack.
      maxHttpBufferSize: 16 * 1024,
      // A browser page from another site must not ride on our cookie (cross-site WebSocket hijacking).
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, origin === undefined || isTrustedOrigin(app.config, origin));
      },
    });
    const redis = app.config.redisUrl ? redisLink(app.config.redisUrl, app.log) : undefined;
    if (redis) io.adapter(redis.adapter);

    const bus = socketBus(io);
    const clientEvents = clientEventRegistry();
    const realtime: Realtime = {
      ...bus,
      io,
      redisState: () => redis?.state() ?? { configured: false, ok: false },
      dropEndedSessions: () => dropEndedSessions(app, io),
      onClientEvents: clientEvents.register,
    };
    app.decorate('realtime', realtime);

    app.metrics.gauge('nocturna_sockets_connected', 'Socket.IO connections open on this server', [], () => [
      { value: io.engine.clientsCount },
    ]);
    authenticateSockets(app, io);
    io.on('connection', (socket) => clientEvents.attach(app.log, socket));
    dropSocketsOnSignOut(app, bus, io);

    const sessionTimer = setInterval(() => {
      realtime
        .dropEndedSessions()
        .catch((err: unknown) => app.log.warn({ err }, 'socket session sweep failed'));
    }, SESSION_CHECK_MS);
    sessionTimer.unref();

    // Before the HTTP server stops (open sockets would hold its close): each socket hears when to come back,
    // spread over RECONNECT_SPREAD_MS so a restart is not a thundering herd on the other servers, then its
    // transport closes, which Socket.IO clients answer by reconnecting (an `io server disconnect` would not).
    app.addHook('preClose', async () => {
      clearInterval(sessionTimer);
      const closed: Promise<void>[] = [];
      for (const socket of io.of('/').sockets.values()) {
        socket.emit(SOCKET_EVENTS.serverRestarting, {
          reconnectAfterMs: 250 + Math.floor(Math.random() * RECONNECT_SPREAD_MS),
        });
        closed.push(new Promise((resolve) => socket.conn.once('close', () => resolve())));
        // Without `discard`, engine.io sends what is buffered (the hint) before closing the transport.
        socket.conn.close();
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(closed),
        new Promise((resolve) => (timer = setTimeout(resolve, 1000))),
      ]);
      clearTimeout(timer);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await redis?.close();
    });
  },
  { name: 'nocturna-realtime', dependencies: ['nocturna-auth', 'nocturna-metrics'] },
);
