import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIMIT } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signUp } from '../../../test/auth-helpers.ts';
import { notify } from './service.ts';

describe.each(DIALECTS)('notifications API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

  const raise = (userId: string, n: number) =>
    notify(t.app.db, t.app.realtime, {
      userId,
      type: 'system',
      message: 'addedToDoor',
      data: { clubName: `Sala ${n}` },
      link: '/eventos',
      refs: { n: String(n) },
    });

  it('answers 401 without a session on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/x/read'],
      ['DELETE', '/api/notifications/x'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('lists newest first with a cursor, at most 100 a page, with the spec fields', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 105; i++) await raise(user.id, i);
    const first = await call('GET', '/api/notifications', user.cookie);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(page.items[0]).toMatchObject({
      userId: user.id,
      type: 'system',
      isRead: false,
      message: 'addedToDoor',
      data: { clubName: 'Sala 104' },
      title: 'Estás en la puerta de Sala 104',
      body: 'Ya puedes escanear las entradas de los eventos de Sala 104 desde Puerta.',
      link: '/eventos',
      refs: { n: '104' },
    });
    expect(typeof page.items[0].createdAt).toBe('string');
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = (await call('GET', `/api/notifications?cursor=${page.nextCursor}`, user.cookie)).json();
    expect(second.items.map((n: { title: string }) => n.title)).toEqual([
      'Estás en la puerta de Sala 4',
      'Estás en la puerta de Sala 3',
      'Estás en la puerta de Sala 2',
      'Estás en la puerta de Sala 1',
      'Estás en la puerta de Sala 0',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await call('GET', '/api/notifications?limit=101', user.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications?cursor=nonsense', user.cookie)).statusCode).toBe(400);
  });

  it('counts unread, marks one and all read, deletes, and keeps other users out with 404', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const a = await raise(user.id, 1);
    const b = await raise(user.id, 2);
    await raise(user.id, 3);
    const count = async (cookie: string) =>
      (await call('GET', '/api/notifications/unread-count', cookie)).json().count;
    expect(await count(user.cookie)).toBe(3);

    for (const response of [
      await call('POST', `/api/notifications/${a.id}/read`, other.cookie),
      await call('DELETE', `/api/notifications/${a.id}`, other.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOTIFICATION_NOT_FOUND');
    }
    expect((await call('GET', '/api/notifications', other.cookie)).json().items).toEqual([]);
    expect(await count(user.cookie)).toBe(3);

    expect((await call('POST', `/api/notifications/${a.id}/read`, user.cookie)).statusCode).toBe(204);
    expect(await count(user.cookie)).toBe(2);
    const items = (await call('GET', '/api/notifications', user.cookie)).json().items;
    expect(items.find((n: { id: string }) => n.id === a.id).isRead).toBe(true);

    expect((await call('DELETE', `/api/notifications/${b.id}`, user.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/notifications/${b.id}`, user.cookie)).statusCode).toBe(404);
    expect(await count(user.cookie)).toBe(1);

    expect((await call('POST', '/api/notifications/read-all', other.cookie)).statusCode).toBe(204);
    expect(await count(user.cookie)).toBe(1);
    expect((await call('POST', '/api/notifications/read-all', user.cookie)).statusCode).toBe(204);
    expect(await count(user.cookie)).toBe(0);
  });

  it('raises role_granted when an admin grants a role, and not again when it was already held', async () => {
    const admin = await signUp(t.app);
    await t.app.db
      .insertInto('user_roles')
      .values({ user_id: admin.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
      .execute();
    const user = await signUp(t.app);
    const grant = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user.id}/roles/dj`,
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      });
    expect((await grant()).statusCode).toBe(200);
    expect((await grant()).statusCode).toBe(200);
    const items = (await call('GET', '/api/notifications', user.cookie)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'role_granted',
      message: 'roleGranted',
      data: { role: 'dj' },
      title: 'Tienes un nuevo rol: DJ',
      link: '/dj/dashboard',
      refs: { grantedBy: admin.id },
    });
  });
});
