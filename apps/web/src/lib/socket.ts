// The tab's one Socket.IO connection (same origin, path /socket.io, authenticated by the session cookie).
// It exists only while someone is signed in; Socket.IO reconnects it by itself after a drop. Features
// listen through onSocketEvent, which keeps working across reconnects and across a change of user. The client
// library loads with the first connection: a visitor's page never downloads it.
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@nocturna/shared/socket-events';

// Socket.IO's own reconnection delays, restored after a server restart's hint has been used.
const RECONNECT_DELAY_MS = 1000;
const RECONNECT_DELAY_MAX_MS = 5000;

type Handler = (payload: unknown) => void;

let socket: Socket | null = null;
let socketUserId: string | null = null;
const handlers = new Map<string, Set<Handler>>();
const connectHandlers = new Set<() => void>();

function dispatch(event: string, payload: unknown) {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}

// Opens the socket for this user (a different user's socket is closed first). Idempotent per user.
export function connectSocket(userId: string): void {
  if (socketUserId === userId) return;
  disconnectSocket();
  socketUserId = userId;
  void import('socket.io-client').then(({ io }) => {
    // Signed out, or another user, while the library was loading.
    if (socketUserId !== userId || socket) return;
    const opened = io({ path: '/socket.io', withCredentials: true });
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

export function disconnectSocket(): void {
  socketUserId = null;
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

export function onSocketConnect(handler: () => void): () => void {
  connectHandlers.add(handler);
  return () => connectHandlers.delete(handler);
}

// Sends a client event on the tab's socket (dropped while there is none; features re-send what matters on
// reconnect through onSocketConnect).
export function emitSocketEvent(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}
