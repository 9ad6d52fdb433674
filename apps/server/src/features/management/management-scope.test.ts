// Every management, analytics and dashboard endpoint checks the role and the club scope on
// the server. A CEO of club A is a stranger to club B; a plain user gets 403 on all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller, event, person, staffedClub, type Person } from '../../../test/door-fixture.ts';
import { clubInput, eventInput } from '../../../test/management-fixture.ts';

describe.each(DIALECTS)('management scope on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let plain: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let b: Awaited<ReturnType<typeof staffedClub>>;
  let eventB: Awaited<ReturnType<typeof event>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    plain = await person(t.app);
    a = await staffedClub(t.app, admin);
    b = await staffedClub(t.app, admin);
    await event(t.app, a.club.id, { startsInHours: 30 });
    eventB = await event(t.app, b.club.id, { startsInHours: 30 });
  });
  afterAll(async () => t.close());

  const clubBCalls = () =>
    [
      ['GET', `/api/manage/clubs/${b.club.id}`, undefined],
      ['PATCH', `/api/manage/clubs/${b.club.id}`, { name: 'Tomada' }],
      ['POST', '/api/manage/events', eventInput(b.club.id)],
      ['GET', `/api/manage/events/${eventB.id}`, undefined],
      ['PATCH', `/api/manage/events/${eventB.id}`, { name: 'Tomado' }],
      ['POST', `/api/manage/events/${eventB.id}/status`, { status: 'draft' }],
      ['POST', `/api/manage/events/${eventB.id}/duplicate`, undefined],
      ['POST', `/api/manage/events/${eventB.id}/cancel`, undefined],
      ['POST', `/api/manage/events/${eventB.id}/ticket-types`, { name: 'Extra', priceCents: 0, capacity: 5 }],
      ['PATCH', `/api/manage/events/${eventB.id}/ticket-types/${eventB.typeId(0)}`, { paused: true }],
      ['DELETE', `/api/manage/events/${eventB.id}/ticket-types/${eventB.typeId(1)}`, undefined],
      ['GET', `/api/manage/events?clubId=${b.club.id}`, undefined],
      ['GET', `/api/manage/audit?clubId=${b.club.id}`, undefined],
      ['GET', `/api/analytics/events/${eventB.id}`, undefined],
      ['GET', `/api/analytics/events/${eventB.id}/types.csv`, undefined],
      ['GET', `/api/analytics/clubs/${b.club.id}`, undefined],
      ['GET', `/api/analytics/clubs/${b.club.id}/events.csv`, undefined],
      ['GET', `/api/clubs/${b.club.id}/staff`, undefined],
    ] as const;

  it("gives the CEO of club A 403 on every one of club B's endpoints, and changes nothing", async () => {
    for (const [method, url, body] of clubBCalls()) {
      const res = await call(method, url, a.ceo.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('NOT_CLUB_OWNER');
    }
    const still = await call('GET', `/api/manage/events/${eventB.id}`, b.ceo.cookie);
    expect(still.json()).toMatchObject({ name: eventB.name, status: 'published' });
    expect(still.json().ticketTypes.map((x: { paused: boolean }) => x.paused)).toEqual([false, false]);
  });

  it('gives a plain user 403 on all of it, and the dashboards too', async () => {
    const calls = [
      ...clubBCalls(),
      ['GET', '/api/manage/events', undefined],
      ['GET', '/api/manage/audit', undefined],
      ['GET', '/api/manage/djs', undefined],
      ['GET', '/api/dashboards/ceo', undefined],
      ['POST', '/api/manage/clubs', clubInput()],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await call(method, url, plain.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of ['/api/admin/overview'])
      expect((await call('GET', url, plain.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/demo-seed', plain.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/demo-seed', a.ceo.cookie)).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url, body] of clubBCalls())
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });

  it("lets the CEO work on their own club and an admin on anyone's", async () => {
    expect((await call('GET', `/api/manage/clubs/${a.club.id}`, a.ceo.cookie)).statusCode).toBe(200);
    const mine = await call('GET', '/api/manage/clubs', a.ceo.cookie);
    expect(mine.json().items.map((c: { id: string }) => c.id)).toEqual([a.club.id]);
    const all = await call('GET', '/api/manage/clubs', admin.cookie);
    expect(all.json().items.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([a.club.id, b.club.id]),
    );
    expect((await call('GET', `/api/analytics/events/${eventB.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/analytics/clubs/${b.club.id}`, b.ceo.cookie)).statusCode).toBe(200);
    const dash = await call('GET', '/api/dashboards/ceo', a.ceo.cookie);
    expect(dash.statusCode).toBe(200);
    expect(dash.json().clubs.map((c: { id: string }) => c.id)).toEqual([a.club.id]);
    expect(dash.json().next.every((e: { clubId: string }) => e.clubId === a.club.id)).toBe(true);
  });

  it('gives a CEO with no club yet an empty dashboard, not an error, and none of the others', async () => {
    const newcomer = await person(t.app, 'ceo');
    const dash = await call('GET', '/api/dashboards/ceo', newcomer.cookie);
    expect(dash.statusCode).toBe(200);
    expect(dash.json()).toMatchObject({ clubs: [], tonight: [], next: [], alerts: [], lastEventId: null });
  });

  it("shows a CEO only their clubs' audit entries", async () => {
    await call('PATCH', `/api/manage/clubs/${a.club.id}`, a.ceo.cookie, { dressCode: 'Sin chanclas' });
    await call('PATCH', `/api/manage/clubs/${b.club.id}`, b.ceo.cookie, { dressCode: 'Elegante' });
    const log = await call('GET', '/api/manage/audit', a.ceo.cookie);
    expect(log.statusCode).toBe(200);
    const clubs = new Set(log.json().items.map((e: { clubId: string }) => e.clubId));
    expect([...clubs]).toEqual([a.club.id]);
  });

  it('takes a club away from a CEO whose role is revoked', async () => {
    const ceo = await person(t.app, 'ceo');
    const created = await call('POST', '/api/manage/clubs', ceo.cookie, clubInput());
    expect(created.statusCode).toBe(201);
    expect((await call('GET', `/api/manage/clubs/${created.json().id}`, ceo.cookie)).statusCode).toBe(200);
    await call('DELETE', `/api/admin/users/${ceo.id}/roles/ceo`, admin.cookie);
    expect((await call('GET', `/api/manage/clubs/${created.json().id}`, ceo.cookie)).statusCode).toBe(403);
  });
});
