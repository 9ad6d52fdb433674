// The events a client may send. Features register theirs (names and handlers) with `app.realtime.onClientEvents`
// from their own plugins; everything else, and anything malformed, is logged and ignored; every event counts
// against the socket's flood limit. A visitor's socket (no session) hears only the events a feature opens to
// visitors; every other event from it is ignored like an unknown one.
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { floodLimiter } from './flood-limit.ts';
import type { SocketData, VisitorSocketData } from './socket-auth.ts';

// What a feature's handlers learn of the socket they attach to: whose it is and a logger that names it. Anything
// else they need (the database, the realtime bus) comes with the handlers, built where the feature registers.
export type ClientEventContext = { userId: string; log: FastifyBaseLogger };
export type VisitorEventContext = { log: FastifyBaseLogger };

export type ClientEventHandlers = {
  // Every event name the handlers listen to: the only ones let through.
  events: readonly string[];
  attach: (socket: Socket, context: ClientEventContext) => void;
  // What a visitor's socket may send to this feature, if anything.
  visitor?: { events: readonly string[]; attach: (socket: Socket, context: VisitorEventContext) => void };
};

export function clientEventRegistry() {
  const registered: ClientEventHandlers[] = [];
  const known = new Set<unknown>();
  const knownToVisitors = new Set<unknown>();

  function register(handlers: ClientEventHandlers) {
    registered.push(handlers);
    for (const event of handlers.events) known.add(event);
    for (const event of handlers.visitor?.events ?? []) knownToVisitors.add(event);
  }

  function attach(baseLog: FastifyBaseLogger, socket: Socket) {
    const limiter = floodLimiter();
    const data = socket.data as SocketData | VisitorSocketData;
    const visitor = 'visitor' in data;
    const log = baseLog.child({
      reqId: data.requestId,
      socketId: socket.id,
      ...('visitor' in data ? { visitor: true } : { userId: data.userId }),
    });
    const allowed = visitor ? knownToVisitors : known;
    let lastDropLog = -Infinity; // monotonic (performance.now()): a log throttle, not a calendar time

    socket.use((packet, next) => {
      const decision = limiter.take();
      if (decision === 'disconnect') {
        log.warn({ drops: limiter.drops }, 'socket kept flooding; disconnected');
        socket.disconnect(true);
        return;
      }
      if (decision === 'drop') {
        if (performance.now() - lastDropLog > 1000) {
          lastDropLog = performance.now();
          log.warn({ drops: limiter.drops }, 'socket over its event rate; events dropped');
        }
        return;
      }
      const [event] = packet;
      if (!allowed.has(event)) {
        log.warn(
          { event: typeof event === 'string' ? event.slice(0, 100) : typeof event },
          'unknown socket event ignored',
        );
        return;
      }
      next();
    });

    for (const handlers of registered) {
      if ('visitor' in data) handlers.visitor?.attach(socket, { log });
      else handlers.attach(socket, { userId: data.userId, log });
    }
    socket.on('error', (err) => log.warn({ err: err.message }, 'socket error'));
  }

  return { register, attach };
}
