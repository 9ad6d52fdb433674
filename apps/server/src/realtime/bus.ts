// What the rest of the server needs from the realtime channel: push an event to every open tab of a user
// (on every server when the Redis adapter is on) and drop the sockets of a session that ended.
import type { Server } from 'socket.io';

export type RealtimeBus = {
  toUser(userId: string, event: string, payload: unknown): void;
  disconnectSession(sessionId: string): void;
};

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export function socketBus(io: Server): RealtimeBus {
  return {
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    disconnectSession: (sessionId) => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
  };
}
