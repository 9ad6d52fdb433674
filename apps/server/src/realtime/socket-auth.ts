// Sockets are opened with the session cookie and live only as long as that session: sign-out drops the
// session's sockets on every server at once, and a periodic check drops those whose session expired or was
// removed another way. A visitor (no session) may open a socket only by asking for one (`auth: { visitor: true }`
// in the handshake): it joins no user or session room and may send only the events features open to visitors
// (client-events.ts), such as watching a public wall. A socket that asks for neither is refused as before.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { IncomingHttpHeaders } from 'node:http';
import { sessionRoom, userRoom, type RealtimeBus } from './bus.ts';
import { readSessionFast } from '../auth/session-reader.ts';
import { requestIdFor } from '../http/logging.ts';
import { guardPath } from '../http/canonical-url.ts';

export const SESSION_CHECK_MS = 30_000;

// requestId: the handshake's request id (the proxy's X-Request-Id or a new one), on every log line of the socket.
export type SocketData = { userId: string; sessionId: string; requestId: string };
export type VisitorSocketData = { visitor: true; requestId: string };

export function isVisitorSocket(socket: { data: unknown }): boolean {
  return (socket.data as Partial<VisitorSocketData> | undefined)?.visitor === true;
}

function asksForVisitor(socket: Socket): boolean {
  return (socket.handshake.auth as { visitor?: unknown } | undefined)?.visitor === true;
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

export function authenticateSockets(app: FastifyInstance, io: Server) {
  io.use((socket: Socket, next) => {
    if (asksForVisitor(socket)) {
      const data: VisitorSocketData = {
        visitor: true,
        requestId: requestIdFor(socket.request.headers, app.config.trustProxy),
      };
      socket.data = data;
      return next();
    }
    socketSession(app, socket).then(
      (data) => {
        if (!data) return next(new Error('UNAUTHENTICATED'));
        socket.data = { ...data, requestId: requestIdFor(socket.request.headers, app.config.trustProxy) };
        void socket.join([userRoom(data.userId), sessionRoom(data.sessionId)]);
        next();
      },
      (err: unknown) => {
        app.log.warn({ err }, 'socket session check failed');
        next(new Error('UNAUTHENTICATED'));
      },
    );
  });
}

async function socketSession(
  app: FastifyInstance,
  socket: Socket,
): Promise<Omit<SocketData, 'requestId'> | null> {
  const fast = await readSessionFast(app, socket.request.headers.cookie);
  const session =
    fast === 'fallback'
      ? await app.auth.api.getSession({ headers: toHeaders(socket.request.headers) })
      : fast;
  return session ? { userId: session.user.id, sessionId: session.session.id } : null;
}

// Drops this server's sockets whose session no longer exists or has expired.
export async function dropEndedSessions(app: FastifyInstance, io: Server): Promise<number> {
  // A visitor's socket has no session to end.
  const sockets = (await io.local.fetchSockets()).filter((s) => !isVisitorSocket(s));
  const ids = [...new Set(sockets.map((s) => (s.data as SocketData).sessionId))];
  if (ids.length === 0) return 0;
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await app.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      // Real time, not clock.ts: a session lives as long as better-auth, which reads the real clock, honours it.
      // eslint-disable-next-line no-restricted-syntax -- better-auth's clock
      .where('expires_at', '>', new Date().toISOString())
      .execute();
    for (const row of rows) live.add(row.id);
  }
  let dropped = 0;
  for (const socket of sockets) {
    if (live.has((socket.data as SocketData).sessionId)) continue;
    socket.disconnect(true);
    dropped += 1;
  }
  return dropped;
}

// better-auth's own endpoints that end sessions other than the caller's: a new password (change or reset) and
// the session revocations. Once one succeeds, this server's sockets of ended sessions are dropped at once; other
// servers' follow within SESSION_CHECK_MS (the settings page's own routes drop them everywhere at once).
const ENDS_SESSIONS =
  /^\/api\/auth\/(change-password|reset-password|revoke-session|revoke-sessions|revoke-other-sessions)$/;

// Remembers which session a sign-out request ends, and drops its sockets once the sign-out succeeded.
export function dropSocketsOnSignOut(app: FastifyInstance, bus: RealtimeBus, io?: Server) {
  const ending = new WeakMap<FastifyRequest, string>();
  // Callback-style hooks: every other request passes straight through, without a promise and its microtasks.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'POST' || guardPath(request.url) !== '/api/auth/sign-out') return done();
    void app.auth.api
      .getSession({ headers: toHeaders(request.headers) })
      .catch(() => null)
      .then((session) => {
        if (session) ending.set(request, session.session.id);
        done();
      });
  });
  app.addHook('onResponse', (request, reply, done) => {
    const sessionId = ending.get(request);
    if (sessionId && reply.statusCode < 300) bus.disconnectSession(sessionId);
    if (
      io &&
      request.method === 'POST' &&
      reply.statusCode < 300 &&
      ENDS_SESSIONS.test(guardPath(request.url))
    )
      dropEndedSessions(app, io).catch((err: unknown) =>
        app.log.warn({ err }, 'socket session sweep failed'),
      );
    done();
  });
}
