import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, signIn, signUp } from '../auth-helpers.ts';
import { ensureDemoUsers, DEMO_PASSWORD } from '../../src/seed/madrid.ts';

describe.each(DIALECTS)('roles and guards on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let plain: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const ids = await ensureDemoUsers(t.app.db);
    adminId = ids.get('admin@demo.nocturna.es')!;
    admin = await signIn(t.app, 'admin@demo.nocturna.es', DEMO_PASSWORD);
    plain = await signUp(t.app);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

  it('answers 401 without a session on every signed-in and role endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/me/roles'],
      ['GET', `/api/users/${plain.id}/roles/admin`],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/roles/audit'],
      ['PUT', `/api/admin/users/${plain.id}/roles/dj`],
      ['DELETE', `/api/admin/users/${plain.id}/roles/dj`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect((await call('GET', '/api/me', 'nocturna.session_token=forged.value')).statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user without the role, whatever they try', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/roles/audit'],
      ['PUT', `/api/admin/users/${plain.id}/roles/admin`],
      ['DELETE', `/api/admin/users/${adminId}/roles/admin`],
      ['GET', `/api/users/${adminId}/roles/admin`],
    ] as const) {
      const response = await call(method, url, plain.cookie);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/me/roles', plain.cookie)).json()).toEqual({
      userId: plain.id,
      roles: [],
    });
  });

  it('answers whether a user holds a role with a boolean', async () => {
    expect((await call('GET', `/api/users/${plain.id}/roles/dj`, plain.cookie)).json()).toEqual({
      userId: plain.id,
      role: 'dj',
      hasRole: false,
    });
    expect((await call('GET', `/api/users/${adminId}/roles/admin`, admin)).json()).toEqual({
      userId: adminId,
      role: 'admin',
      hasRole: true,
    });
    expect((await call('GET', `/api/users/${plain.id}/roles/king`, plain.cookie)).statusCode).toBe(400);
  });

  it('lets an admin grant and revoke roles, each change written to the audit log with who and when', async () => {
    const before = Date.now() - 1000;
    const grant = await call('PUT', `/api/admin/users/${plain.id}/roles/dj`, admin);
    expect(grant.json()).toEqual({ userId: plain.id, role: 'dj', granted: true, changed: true });
    const again = await call('PUT', `/api/admin/users/${plain.id}/roles/dj`, admin);
    expect(again.json().changed).toBe(false);
    await call('PUT', `/api/admin/users/${plain.id}/roles/rpp`, admin);
    expect((await call('GET', '/api/me/roles', plain.cookie)).json().roles).toEqual(['dj', 'rpp']);
    expect((await call('GET', `/api/users/${plain.id}/roles/dj`, plain.cookie)).json().hasRole).toBe(true);

    const revoke = await call('DELETE', `/api/admin/users/${plain.id}/roles/dj`, admin);
    expect(revoke.json()).toMatchObject({ granted: false, changed: true });
    expect((await call('GET', '/api/me/roles', plain.cookie)).json().roles).toEqual(['rpp']);

    const audit = (await call('GET', '/api/admin/roles/audit', admin)).json().items as Array<
      Record<string, string>
    >;
    const mine = audit.filter((e) => e.userId === plain.id);
    expect(mine.map((e) => [e.action, e.role])).toEqual([
      ['revoke', 'dj'],
      ['grant', 'rpp'],
      ['grant', 'dj'],
    ]);
    for (const entry of mine) {
      expect(entry.actorId).toBe(adminId);
      expect(entry.actorEmail).toBe('admin@demo.nocturna.es');
      expect(new Date(entry.createdAt!).getTime()).toBeGreaterThan(before);
    }
  });

  it('lists users with their roles for the admin dashboard', async () => {
    const list = (
      await call('GET', `/api/admin/users?q=${encodeURIComponent(plain.lastName)}`, admin)
    ).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: plain.id, email: plain.email });
    const all = (await call('GET', '/api/admin/users?limit=2', admin)).json();
    expect(all.items).toHaveLength(2);
    expect(all.nextCursor).toEqual(expect.any(String));
  });

  it('keeps the last admin and refuses unknown users', async () => {
    const response = await call('DELETE', `/api/admin/users/${adminId}/roles/admin`, admin);
    expect(response.statusCode).toBe(409);
    expect((await call('GET', '/api/me/roles', admin)).json().roles).toEqual(['admin']);
    expect((await call('PUT', '/api/admin/users/nobody/roles/dj', admin)).statusCode).toBe(404);
  });
});
