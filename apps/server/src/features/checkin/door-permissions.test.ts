// Who may scan, per club: an admin anywhere; a club's owner while they hold the ceo role; door staff that
// owner added, for that club only; nobody else. Owners are named by admins, door staff by the owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type Person,
} from '../../../test/door-fixture.ts';

describe.each(DIALECTS)('door permissions on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let b: Awaited<ReturnType<typeof staffedClub>>;
  let plain: Person;
  let eventA: Awaited<ReturnType<typeof event>>;
  let eventB: Awaited<ReturnType<typeof event>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    b = await staffedClub(t.app, admin);
    plain = await person(t.app);
    eventA = await event(t.app, a.club.id);
    eventB = await event(t.app, b.club.id);
  });
  afterAll(async () => t.close());

  const doorCalls = (eventId: string) =>
    [
      ['GET', `/api/door/events/${eventId}/pack`, undefined],
      ['GET', `/api/door/events/${eventId}/tickets?q=persona`, undefined],
      ['GET', `/api/door/events/${eventId}/conflicts`, undefined],
      ['GET', `/api/door/events/${eventId}/aforo`, undefined],
      ['POST', `/api/door/events/${eventId}/scans`, { door: 'Puerta', ticketId: 'no-existe' }],
      [
        'POST',
        `/api/door/events/${eventId}/sync`,
        {
          door: 'Puerta',
          checkIns: [
            {
              clientId: 'abcdefgh1',
              ticketId: 'no-existe',
              token: null,
              scannedAt: new Date().toISOString(),
            },
          ],
        },
      ],
    ] as const;

  it('lets an admin, the owner CEO and the door staff of that club scan its event', async () => {
    for (const who of [admin, a.ceo, a.door]) {
      for (const [method, url, body] of doorCalls(eventA.id)) {
        const response = await call(method, url, who.cookie, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      }
    }
  });

  it("refuses another club's CEO, another club's door staff and a plain user with 403, a visitor with 401", async () => {
    for (const who of [b.ceo, b.door, plain]) {
      for (const [method, url, body] of doorCalls(eventA.id)) {
        const response = await call(method, url, who.cookie, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error.code).toBe('NOT_DOOR_STAFF');
      }
    }
    for (const [method, url, body] of doorCalls(eventA.id))
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    expect((await call('GET', '/api/door/events/no-existe/pack', a.door.cookie)).statusCode).toBe(404);
  });

  it('does not mark a ticket used when the scanner may not scan there', async () => {
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, eventA.typeId(0));
    const refused = await scan(t.app, b.door, eventA.id, { token: ticket!.token });
    expect(refused.statusCode).toBe(403);
    const row = await t.app.db
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', ticket!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('valid');
    expect((await scan(t.app, a.door, eventA.id, { token: ticket!.token })).json().outcome).toBe('valid');
  });

  it('answers /api/door/access and lists only the events of tonight I may scan', async () => {
    expect((await call('GET', '/api/door/access', plain.cookie)).json()).toEqual({
      canScan: false,
      admin: false,
      clubs: [],
    });
    expect((await call('GET', '/api/door/access', a.ceo.cookie)).json()).toMatchObject({
      canScan: true,
      admin: false,
      clubs: [{ id: a.club.id, role: 'owner' }],
    });
    expect((await call('GET', '/api/door/access', a.door.cookie)).json()).toMatchObject({
      canScan: true,
      admin: false,
      clubs: [{ id: a.club.id, role: 'door' }],
    });
    expect((await call('GET', '/api/door/access', admin.cookie)).json()).toMatchObject({
      canScan: true,
      admin: true,
    });
    expect((await call('GET', '/api/door/access')).statusCode).toBe(401);

    // A cancelled event and tomorrow's are not tonight's door.
    await event(t.app, a.club.id, { status: 'cancelled' });
    await event(t.app, a.club.id, { startsInHours: 30 });
    const ids = async (who: Person) =>
      ((await call('GET', '/api/door/events', who.cookie)).json().items as { id: string }[]).map((e) => e.id);
    expect(await ids(a.door)).toEqual([eventA.id]);
    expect(await ids(b.ceo)).toEqual([eventB.id]);
    expect(await ids(plain)).toEqual([]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([eventA.id, eventB.id]));
    const listed = (await call('GET', '/api/door/events', a.door.cookie)).json().items[0];
    expect(listed).toMatchObject({
      id: eventA.id,
      clubId: a.club.id,
      clubName: a.club.name,
      aforo: { eventId: eventA.id, capacity: 500, onSale: 320 },
    });
  });

  it('lets the owner manage the door team of their club only, by username or e-mail', async () => {
    const newcomer = await person(t.app);
    const staffUrl = `/api/clubs/${a.club.id}/staff`;
    // Another club's CEO, door staff and plain users cannot see or change the team.
    for (const who of [b.ceo, a.door, plain]) {
      expect((await call('GET', staffUrl, who.cookie)).statusCode).toBe(403);
      expect((await call('POST', staffUrl, who.cookie, { login: newcomer.email })).statusCode).toBe(403);
      expect((await call('DELETE', `${staffUrl}/${a.door.id}`, who.cookie)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/clubs/no-existe/staff`, a.ceo.cookie)).statusCode).toBe(404);

    const added = await call('POST', staffUrl, a.ceo.cookie, { login: newcomer.email.toUpperCase() });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().member).toMatchObject({
      userId: newcomer.id,
      role: 'door',
      username: newcomer.username,
    });
    const again = await call('POST', staffUrl, a.ceo.cookie, { login: newcomer.username });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_STAFF',
      field: 'login',
      details: { role: 'door' },
    });
    const nobody = await call('POST', staffUrl, a.ceo.cookie, { login: 'nadie_por_aqui' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('USER_NOT_FOUND');
    expect((await call('POST', staffUrl, a.ceo.cookie, { login: '' })).statusCode).toBe(400);
    expect((await call('POST', staffUrl, a.ceo.cookie, {})).statusCode).toBe(400);

    const list = (await call('GET', staffUrl, a.ceo.cookie)).json();
    expect(list.club.id).toBe(a.club.id);
    expect(list.staff.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual(
      expect.arrayContaining([
        [a.ceo.id, 'owner'],
        [a.door.id, 'door'],
        [newcomer.id, 'door'],
      ]),
    );
    // The newcomer is told, and can scan at once.
    const notes = (await call('GET', '/api/notifications', newcomer.cookie)).json().items;
    expect(notes[0]).toMatchObject({ type: 'system', link: '/puerta', refs: { clubId: a.club.id } });
    expect((await call('GET', `/api/door/events/${eventA.id}/pack`, newcomer.cookie)).statusCode).toBe(200);

    // An owner is not removed through the door team; a removed door person loses access at once.
    expect((await call('DELETE', `${staffUrl}/${a.ceo.id}`, a.ceo.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `${staffUrl}/${newcomer.id}`, a.ceo.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `${staffUrl}/${newcomer.id}`, a.ceo.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/door/events/${eventA.id}/pack`, newcomer.cookie)).statusCode).toBe(403);
    // An admin manages any club's team.
    expect((await call('GET', staffUrl, admin.cookie)).statusCode).toBe(200);
  });

  it('lets only admins name club owners, and only people holding the ceo role', async () => {
    const ceo = await person(t.app, 'ceo');
    const notCeo = await person(t.app);
    const url = `/api/admin/clubs/${b.club.id}/owners`;
    for (const who of [a.ceo, a.door, plain]) {
      expect((await call('POST', url, who.cookie, { login: ceo.email })).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/club-owners', who.cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `${url}/${b.ceo.id}`, who.cookie)).statusCode).toBe(403);
    }
    const refused = await call('POST', url, admin.cookie, { login: notCeo.username });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_A_CEO');
    expect((await call('POST', url, admin.cookie, { login: b.ceo.email })).json().error.code).toBe(
      'ALREADY_OWNER',
    );
    expect(
      (await call('POST', `/api/admin/clubs/no-existe/owners`, admin.cookie, { login: ceo.email }))
        .statusCode,
    ).toBe(404);

    expect((await call('POST', url, admin.cookie, { login: ceo.username })).statusCode).toBe(201);
    const owners = (await call('GET', '/api/admin/club-owners', admin.cookie))
      .json()
      .items.find((i: { club: { id: string } }) => i.club.id === b.club.id).owners;
    expect(owners.map((o: { userId: string }) => o.userId).sort()).toEqual([b.ceo.id, ceo.id].sort());
    expect((await call('GET', `/api/door/events/${eventB.id}/pack`, ceo.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `${url}/${ceo.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/door/events/${eventB.id}/pack`, ceo.cookie)).statusCode).toBe(403);
  });

  it('takes the club away from an owner whose ceo role is revoked', async () => {
    const { club: c, ceo } = await staffedClub(t.app, admin);
    const night = await event(t.app, c.id);
    expect((await call('GET', `/api/door/events/${night.id}/aforo`, ceo.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${ceo.id}/roles/ceo`, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/door/events/${night.id}/aforo`, ceo.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/clubs/${c.id}/staff`, ceo.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/door/access', ceo.cookie)).json().canScan).toBe(false);
  });
});
