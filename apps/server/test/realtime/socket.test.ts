import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type Notification } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, signIn, signUp } from '../auth-helpers.ts';
import { connect, connected, disconnected, listen, nextEvent } from '../realtime-helpers.ts';
import { NOTIFICATION_CLIENT_EVENTS } from '../../src/features/notifications/socket-events.ts';
import { FLOOD_LIMIT } from '../../src/realtime/flood-limit.ts';

describe.each(DIALECTS)('realtime channel on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  const open = async (cookie?: string) => {
    const socket = connect(url, cookie);
    sockets.push(socket);
    return connected(socket);
  };
  const call = (method: 'POST' | 'DELETE' | 'PUT', path: string, cookie: string) =>
    t.app.inject({ method, url: path, headers: { origin: TEST_ORIGIN, cookie } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('refuses a socket without a session, or with a made-up cookie', async () => {
    await expect(open()).rejects.toThrow('UNAUTHENTICATED');
    await expect(open('nocturna.session_token=forged.value')).rejects.toThrow('UNAUTHENTICATED');
  });

  it('pushes every change to all the user’s tabs, with the unread count, and nothing to other users', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const [tab1, tab2, stranger] = await Promise.all([
      open(user.cookie),
      open(user.cookie),
      open(other.cookie),
    ]);
    const strangerEvents: string[] = [];
    stranger.onAny((event: string) => strangerEvents.push(event));

    const admin = await signUp(t.app);
    await t.app.db
      .insertInto('user_roles')
      .values({ user_id: admin.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
      .execute();
    const arrivals = [tab1, tab2].map((tab) => nextEvent<Notification>(tab, SOCKET_EVENTS.notificationNew));
    const counts = [tab1, tab2].map((tab) =>
      nextEvent<{ count: number }>(tab, SOCKET_EVENTS.unreadCount, (p) => p.count === 1),
    );
    expect((await call('PUT', `/api/admin/users/${user.id}/roles/rpp`, admin.cookie)).statusCode).toBe(200);
    const [n1, n2] = await Promise.all(arrivals);
    expect(n1).toMatchObject({ userId: user.id, type: 'role_granted', isRead: false });
    expect(n2!.id).toBe(n1!.id);
    await Promise.all(counts);

    const read = [tab1, tab2].map((tab) =>
      nextEvent<{ id: string; isRead: boolean }>(tab, SOCKET_EVENTS.notificationUpdated),
    );
    const zero = nextEvent<{ count: number }>(tab2, SOCKET_EVENTS.unreadCount, (p) => p.count === 0);
    expect((await call('POST', `/api/notifications/${n1!.id}/read`, user.cookie)).statusCode).toBe(204);
    expect(await Promise.all(read)).toEqual([
      { id: n1!.id, isRead: true },
      { id: n1!.id, isRead: true },
    ]);
    await zero;

    const allRead = nextEvent(tab1, SOCKET_EVENTS.notificationsAllRead);
    expect((await call('POST', '/api/notifications/read-all', user.cookie)).statusCode).toBe(204);
    expect(await allRead).toEqual({});

    const deleted = nextEvent(tab2, SOCKET_EVENTS.notificationDeleted);
    expect((await call('DELETE', `/api/notifications/${n1!.id}`, user.cookie)).statusCode).toBe(204);
    expect(await deleted).toEqual({ id: n1!.id });
    expect(strangerEvents).toEqual([]);
  });

  it('answers the unread-count request a client sends after reconnecting', async () => {
    const user = await signUp(t.app);
    const socket = await open(user.cookie);
    expect(await socket.timeout(2000).emitWithAck(NOTIFICATION_CLIENT_EVENTS.unreadCount)).toEqual({
      count: 0,
    });
  });

  it('disconnects the session’s sockets on sign-out, leaving the user’s other sessions connected', async () => {
    const user = await signUp(t.app);
    const otherSession = await signIn(t.app, user.email, user.password);
    const [ending, staying] = await Promise.all([open(user.cookie), open(otherSession)]);
    const gone = disconnected(ending);
    expect((await call('POST', '/api/auth/sign-out', user.cookie)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(staying.connected).toBe(true);
    await expect(open(user.cookie)).rejects.toThrow('UNAUTHENTICATED');
  });

  it('disconnects sockets whose session expired or was removed, at the periodic check', async () => {
    const user = await signUp(t.app);
    const socket = await open(user.cookie);
    const gone = disconnected(socket);
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(await t.app.realtime.dropEndedSessions()).toBeGreaterThanOrEqual(1);
    expect(await gone).toBe('io server disconnect');
  });

  it('ignores malformed and unknown events without crashing, and keeps serving', async () => {
    const user = await signUp(t.app);
    const socket = await open(user.cookie);
    socket.emit('no-such-event', { x: 1 });
    socket.emit(NOTIFICATION_CLIENT_EVENTS.unreadCount, 'not an ack');
    socket.emit(NOTIFICATION_CLIENT_EVENTS.unreadCount, { a: 1 }, 2, () => undefined);
    socket.emit(NOTIFICATION_CLIENT_EVENTS.unreadCount, 'x'.repeat(32 * 1024));
    // A raw frame that is not a Socket.IO packet at all.
    (socket.io.engine as unknown as { write: (m: string) => void }).write('9{not json');
    await new Promise((r) => setTimeout(r, 200));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const fresh = await open(user.cookie);
    expect(await fresh.timeout(2000).emitWithAck(NOTIFICATION_CLIENT_EVENTS.unreadCount)).toEqual({
      count: 0,
    });
  });

  it('rate-limits a flooding socket: drops beyond the burst, then disconnects it', async () => {
    const user = await signUp(t.app);
    const socket = await open(user.cookie);
    let answered = 0;
    // A burst a little over the limit: the excess is dropped, the socket stays.
    for (let i = 0; i < FLOOD_LIMIT.burst + 10; i++)
      socket.emit(NOTIFICATION_CLIENT_EVENTS.unreadCount, () => answered++);
    // The burst's answers come back however slow the machine is; the excess never does.
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(FLOOD_LIMIT.burst), { timeout: 15_000 });
    expect(answered).toBeLessThan(FLOOD_LIMIT.burst + 10);
    expect(socket.connected).toBe(true);
    // Keeping on flooding ends the connection.
    const gone = disconnected(socket, 5000);
    for (let i = 0; i < FLOOD_LIMIT.dropsBeforeDisconnect + 10; i++)
      socket.emit(NOTIFICATION_CLIENT_EVENTS.unreadCount, () => answered++);
    expect(await gone).toBe('io server disconnect');
    const again = await open(user.cookie);
    expect(again.connected).toBe(true);
  });
});
