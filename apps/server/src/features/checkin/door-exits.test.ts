// Exits and re-entry at the door: "Sale a fumar" takes a person out of the aforo, scanning
// the ticket again lets them back while the event's rule allows it, and nobody is let in twice — also when
// several doors scan the same ticket at the same instant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridWallClock } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  HOUR,
  caller,
  event,
  getTicket,
  person,
  scan,
  staffedClub,
  type Person,
} from '../../../test/door-fixture.ts';

describe.each(DIALECTS)('exits and re-entry on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let staff: Awaited<ReturnType<typeof staffedClub>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    staff = await staffedClub(t.app, admin);
  });
  afterAll(async () => t.close());

  const goOut = (who: { cookie: string }, eventId: string, ticketId: string, extra = {}) =>
    call('POST', `/api/door/events/${eventId}/exits`, who.cookie, {
      door: 'Puerta principal',
      ticketId,
      ...extra,
    });
  const rule = (who: { cookie: string }, eventId: string, body: unknown) =>
    call('PUT', `/api/door/events/${eventId}/reentry`, who.cookie, body);
  const aforo = async (eventId: string) =>
    (await call('GET', `/api/door/events/${eventId}/aforo`, staff.door.cookie)).json();
  const ticketRow = (id: string) =>
    t.app.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('records an exit and lets the person back in by scanning again: inside = entries − exits + re-entries', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [a, b] = await getTicket(t.app, holder, night.typeId(0), 2);
    for (const ticket of [a!, b!])
      expect((await scan(t.app, staff.door, night.id, { token: ticket.token })).json().outcome).toBe('valid');
    expect(await aforo(night.id)).toMatchObject({ entries: 2, inside: 2 });

    const out = await goOut(staff.door, night.id, a!.id);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      ticket: { id: a!.id, status: 'used', outside: true },
      aforo: { inside: 1 },
    });
    expect(Boolean((await ticketRow(a!.id)).outside)).toBe(true);

    const back = (await scan(t.app, staff.ceo, night.id, { token: a!.token, door: 'Puerta VIP' })).json();
    expect(back).toMatchObject({ outcome: 'reentry', ticket: { id: a!.id, outside: false } });
    expect(back.aforo).toMatchObject({ entries: 2, inside: 2 });
    // Inside again: another scan is "ya usada", never a second entry.
    expect((await scan(t.app, staff.door, night.id, { token: a!.token })).json().outcome).toBe(
      'already_used',
    );
    const moves = await t.app.db
      .selectFrom('door_movements')
      .select(['kind', 'door'])
      .where('ticket_id', '=', a!.id)
      .orderBy('at')
      .execute();
    expect(moves).toEqual([
      { kind: 'exit', door: 'Puerta principal' },
      { kind: 'reentry', door: 'Puerta VIP' },
    ]);
    expect(await aforo(night.id)).toMatchObject({ entries: 2, inside: 2 });
  });

  it('will not record an exit for a ticket that has not come in, or one already out (409, Spanish)', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    const early = await goOut(staff.door, night.id, ticket!.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'NOT_INSIDE', field: 'ticketId' });
    await scan(t.app, staff.door, night.id, { token: ticket!.token });
    expect((await goOut(staff.door, night.id, ticket!.id)).statusCode).toBe(200);
    const twice = await goOut(staff.ceo, night.id, ticket!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('Ya consta que ha salido');
    expect(await aforo(night.id)).toMatchObject({ entries: 1, inside: 0 });
    const elsewhere = await staffedClub(t.app, admin);
    expect((await goOut(elsewhere.door, night.id, ticket!.id)).statusCode).toBe(403);
  });

  it("follows the event's re-entry rule set by the club's CEO: never, or until a time", async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    await scan(t.app, staff.door, night.id, { token: ticket!.token });
    await goOut(staff.door, night.id, ticket!.id);

    const elsewhere = await staffedClub(t.app, admin);
    expect((await rule(elsewhere.ceo, night.id, { policy: 'never' })).statusCode).toBe(403);
    expect((await rule(staff.door, night.id, { policy: 'never' })).statusCode).toBe(403);
    const bad = await rule(staff.ceo, night.id, { policy: 'never', until: new Date().toISOString() });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Sin reentrada no lleva hora');

    expect((await rule(staff.ceo, night.id, { policy: 'never' })).json()).toEqual({
      policy: 'never',
      until: null,
    });
    const closed = (await scan(t.app, staff.door, night.id, { token: ticket!.token })).json();
    expect(closed.outcome).toBe('reentry_closed');
    expect(Boolean((await ticketRow(ticket!.id)).outside)).toBe(true);

    const past = new Date(Date.now() - HOUR / 2).toISOString();
    expect((await rule(staff.ceo, night.id, { policy: 'until', until: past })).statusCode).toBe(200);
    expect((await scan(t.app, staff.door, night.id, { token: ticket!.token })).json().outcome).toBe(
      'reentry_closed',
    );
    const later = new Date(Date.now() + HOUR).toISOString();
    expect((await rule(staff.ceo, night.id, { policy: 'until', until: later })).statusCode).toBe(200);
    expect((await scan(t.app, staff.door, night.id, { token: ticket!.token })).json().outcome).toBe(
      'reentry',
    );
    expect(await aforo(night.id)).toMatchObject({ entries: 1, inside: 1 });
  });

  it("shows the event's re-entry rule in the CEO's event editor payload, as saved", async () => {
    const night = await event(t.app, staff.club.id);
    const managed = async () => {
      const res = await call('GET', `/api/manage/events/${night.id}`, staff.ceo.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { policy: body.reentryPolicy, until: body.reentryUntil };
    };
    // A new event lets people back in all night.
    expect(await managed()).toEqual({ policy: 'until', until: null });
    const at = new Date(Date.now() + 2 * HOUR);
    at.setUTCSeconds(0, 0);
    // Any offset comes back as UTC.
    const sameInstant = at.toISOString().replace('Z', '+00:00');
    expect((await rule(staff.ceo, night.id, { policy: 'until', until: sameInstant })).statusCode).toBe(200);
    expect(await managed()).toEqual({ policy: 'until', until: at.toISOString() });
    expect((await rule(staff.ceo, night.id, { policy: 'never' })).statusCode).toBe(200);
    expect(await managed()).toEqual({ policy: 'never', until: null });
    expect((await rule(staff.ceo, night.id, { policy: 'until', until: null })).statusCode).toBe(200);
    expect(await managed()).toEqual({ policy: 'until', until: null });
  });

  it('moves a last re-entry time with its night: the event moved a week on, and its copy for the next week', async () => {
    const night = await event(t.app, staff.club.id);
    const until = new Date(Date.now() + 3 * HOUR);
    until.setUTCSeconds(0, 0);
    expect(
      (await rule(staff.ceo, night.id, { policy: 'until', until: until.toISOString() })).statusCode,
    ).toBe(200);
    const before = (await call('GET', `/api/manage/events/${night.id}`, staff.ceo.cookie)).json();
    const nextWeek = madridWallClock(new Date(new Date(before.startAt).getTime() + 7 * 24 * HOUR)).date;
    const moved = await call('PATCH', `/api/manage/events/${night.id}`, staff.ceo.cookie, { date: nextWeek });
    expect(moved.statusCode, moved.body).toBe(200);
    const shift = new Date(moved.json().startAt).getTime() - new Date(before.startAt).getTime();
    expect(shift).toBeGreaterThan(6 * 24 * HOUR);
    const movedUntil = new Date(until.getTime() + shift).toISOString();
    expect(moved.json()).toMatchObject({ reentryPolicy: 'until', reentryUntil: movedUntil });

    const copy = await call('POST', `/api/manage/events/${night.id}/duplicate`, staff.ceo.cookie);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      reentryPolicy: 'until',
      reentryUntil: new Date(new Date(movedUntil).getTime() + 7 * 24 * HOUR).toISOString(),
    });
    // "No re-entry" is copied as it is; renaming the event leaves the rule alone.
    await rule(staff.ceo, night.id, { policy: 'never' });
    const renamed = await call('PATCH', `/api/manage/events/${night.id}`, staff.ceo.cookie, { name: 'Otra' });
    expect(renamed.json()).toMatchObject({ reentryPolicy: 'never', reentryUntil: null });
    const second = await call('POST', `/api/manage/events/${night.id}/duplicate`, staff.ceo.cookie);
    expect(second.json()).toMatchObject({ reentryPolicy: 'never', reentryUntil: null });
  });

  // The guard is recordMovement() in features/checkin/movement-writes.ts: `UPDATE tickets SET outside = ...
  // WHERE status = 'used' AND outside = <the other way>`. Every door reads the ticket as outside before any
  // commits; without the condition each would let the person back in and the aforo would count them twice.
  it('lets a person back in once when six doors scan their ticket at the same instant, and records one exit of six', async () => {
    const night = await event(t.app, staff.club.id);
    const holder = await person(t.app);
    const [ticket] = await getTicket(t.app, holder, night.typeId(0));
    await scan(t.app, staff.door, night.id, { token: ticket!.token });
    const exits = await Promise.all(
      Array.from({ length: 6 }, (_, i) => goOut(i % 2 ? staff.ceo : staff.door, night.id, ticket!.id)),
    );
    expect(exits.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        scan(t.app, i % 2 ? staff.ceo : staff.door, night.id, { token: ticket!.token }),
      ),
    );
    const outcomes = answers.map((r) => r.json().outcome);
    expect(outcomes.filter((o) => o === 'reentry')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_used')).toHaveLength(5);
    const kinds = await t.app.db
      .selectFrom('door_movements')
      .select('kind')
      .where('ticket_id', '=', ticket!.id)
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['exit', 'reentry']);
    expect(await aforo(night.id)).toMatchObject({ entries: 1, inside: 1 });
  });
});
