// The tab's one Socket.IO connection (same origin, path /socket.io, authenticated by the session cookie).
// It exists while someone is signed in, or while a visitor looks at a public wall (a visitor's socket, which the
// server lets watch public walls only); Socket.IO reconnects it by itself after a drop. Features
// listen through onSocketEvent, which keeps working across reconnects and across a change of user. The client
// library loads with the first connection: a visitor's page downloads it only on a public wall.
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@nocturna/shared/socket-events';

// Socket.IO's own reconnection delays, restored after a server restart's hint has been used.
const RECONNECT_DELAY_MS = 1000;
const RECONNECT_DELAY_MAX_MS = 5000;

type Handler = (payload: unknown) => void;

let socket: Socket | null = null;
// The user the socket belongs to, or VISITOR for a visitor's socket.
const VISITOR = Symbol('visitor');
let socketOwner: string | typeof VISITOR | null = null;
const handlers = new Map<string, Set<Handler>>();
const connectHandlers = new Set<() => void>();

function dispatch(event: string, payload: unknown) {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}

// Opens the socket for this user (a different user's socket, or a visitor's, is closed first). Idempotent per user.
export function connectSocket(userId: string): void {
  if (socketOwner === userId) return;
  open(userId);
}

// Opens a visitor's socket unless the tab already has one (a signed-in user's socket watches public walls too).
export function connectVisitorSocket(): void {
  if (socketOwner !== null) return;
  open(VISITOR);
}

// Closes the visitor's socket when nothing needs it any more; a user's socket is left alone.
export function releaseVisitorSocket(): void {
  if (socketOwner === VISITOR) disconnectSocket();
}

function open(owner: string | typeof VISITOR): void {
  disconnectSocket();
  socketOwner = owner;
  void import('socket.io-client').then(({ io }) => {
    // Signed out, or another user, while the library was loading.
    if (socketOwner !== owner || socket) return;
    const opened = io({
      path: '/socket.io',
      withCredentials: true,
      ...(owner === VISITOR ? { auth: { visitor: true } } : {}),
    });
    socket = opened;
    opened.onAny((event: string, payload: unknown) => dispatch(event, payload));
    // Every (re)connect: whatever happened while the socket was down was not heard, so listeners catch up.
    opened.on('connect', () => {
      opened.io.reconnectionDelay(RECONNECT_DELAY_MS).reconnectionDelayMax(RECONNECT_DELAY_MAX_MS);
      for (const handler of connectHandlers) handler();
    });
    // The server is restarting: come back after the delay it gives (spread so tabs do not all arrive at once).
    opened.on(SOCKET_EVENTS.serverRestarting, (hint: { reconnectAfterMs?: unknown }) => {
      const ms = typeof hint?.reconnectAfterMs === 'number' ? hint.reconnectAfterMs : RECONNECT_DELAY_MS;
      opened.io.reconnectionDelay(ms).reconnectionDelayMax(Math.max(ms, RECONNECT_DELAY_MAX_MS));
    });
  });
}

// While a sign-out is under way: the server ends the session's sockets, and a reconnect in that gap would read
// everything again as a user the server no longer knows (answers of 400 and 401). Closed first, and opened again
// for the same user only if the sign-out fails.
let suspendedOwner: string | null = null;

export function suspendUserSocket(): void {
  if (typeof socketOwner !== 'string') return;
  suspendedOwner = socketOwner;
  disconnectSocket();
}

export function resumeUserSocket(): void {
  if (suspendedOwner !== null && socketOwner === null) open(suspendedOwner);
  suspendedOwner = null;
}

export function disconnectSocket(): void {
  socketOwner = null;
  if (!socket) return;
  socket.offAny();
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}

export function isSocketOpen(): boolean {
  return socket?.connected ?? false;
}

export function onSocketEvent(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

// With `alsoIfOpen`, a listener that arrives after the socket connected (its module loaded lazily, while the socket
// was already connecting) runs at once too: whatever the socket carried before it listened was not heard by it.
export function onSocketConnect(handler: () => void, options?: { alsoIfOpen?: boolean }): () => void {
  connectHandlers.add(handler);
  if (options?.alsoIfOpen && socket?.connected) handler();
  return () => connectHandlers.delete(handler);
}

// Sends a client event on the tab's socket (dropped while there is none; features re-send what matters on
// reconnect through onSocketConnect). With ack, the server's acknowledgement is handed to it.
export function emitSocketEvent(event: string, payload: unknown, ack?: (answer: unknown) => void): void {
  if (!socket?.connected) return;
  if (ack) socket.emit(event, payload, ack);
  else socket.emit(event, payload);
}
