// The demo CEO runs two Madrid clubs after the first start, once: running the seed again changes nothing,
// and clubs an admin took away stay taken away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { signIn } from '../auth-helpers.ts';
import { caller } from '../door-fixture.ts';
import { DEMO_PASSWORD, seedMadridIfEmpty } from '../../src/seed/madrid.ts';
import {
  DEMO_CEO_CLUBS,
  DEMO_CEO_EMAIL,
  DEMO_DOOR_CLUB,
  DEMO_DOOR_EMAIL,
  seedMadridDoor,
  seedMadridDoorStaff,
} from '../../src/seed/madrid-door.ts';

describe.each(DIALECTS)('door demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedMadridIfEmpty(t.app.db);
  });
  afterAll(async () => t.close());

  it('makes the demo CEO owner of two Madrid clubs, idempotently, and they can scan there', async () => {
    expect(await seedMadridDoor(t.app.db)).toBe(2);
    expect(await seedMadridDoor(t.app.db)).toBe(0);
    const cookie = await signIn(t.app, DEMO_CEO_EMAIL, DEMO_PASSWORD);
    const call = caller(t.app);
    const access = (await call('GET', '/api/door/access', cookie)).json();
    expect(access.canScan).toBe(true);
    expect(access.clubs.map((c: { slug: string; role: string }) => [c.slug, c.role]).sort()).toEqual(
      DEMO_CEO_CLUBS.map((s) => [s, 'owner']).sort(),
    );

    const admin = await signIn(t.app, 'admin@demo.nocturna.es', DEMO_PASSWORD);
    const kapital = access.clubs.find((c: { slug: string }) => c.slug === 'kapital');
    const ceoId = (await call('GET', '/api/me', cookie)).json().user.id;
    expect((await call('DELETE', `/api/admin/clubs/${kapital.id}/owners/${ceoId}`, admin)).statusCode).toBe(
      204,
    );
    expect(await seedMadridDoor(t.app.db)).toBe(0);
    expect((await call('GET', '/api/door/access', cookie)).json().clubs).toHaveLength(1);
  });

  it('seeds a door-staff account that scans at Kápital only, idempotently', async () => {
    expect(await seedMadridDoorStaff(t.app.db)).toBe(true);
    expect(await seedMadridDoorStaff(t.app.db)).toBe(false);
    const cookie = await signIn(t.app, DEMO_DOOR_EMAIL, DEMO_PASSWORD);
    const call = caller(t.app);
    const access = (await call('GET', '/api/door/access', cookie)).json();
    expect(access.canScan).toBe(true);
    expect(access.clubs.map((c: { slug: string; role: string }) => [c.slug, c.role])).toEqual([
      [DEMO_DOOR_CLUB, 'door'],
    ]);
    // Staff of one club only, without a global role.
    expect((await call('GET', '/api/me/roles', cookie)).json().roles).toEqual([]);
  });
});
