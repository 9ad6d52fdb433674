// The CEO's live aforo: people inside now per club across simultaneous events, against the
// club's capacity, with alerts at 90 % and 100 %, and only for the clubs the CEO runs.
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

describe.each(DIALECTS)('live aforo for the CEO on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
  });
  afterAll(async () => t.close());

  const live = async (who: { cookie: string }) => {
    const res = await call('GET', '/api/dashboards/ceo/aforo', who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('adds up who is inside across two events of one club, alerts at 90 % and 100 %, and shows a CEO only their clubs', async () => {
    const staff = await staffedClub(t.app, admin);
    const other = await staffedClub(t.app, admin);
    await t.app.db.updateTable('clubs').set({ capacity: 10 }).where('id', '=', staff.club.id).execute();
    const main = await event(t.app, staff.club.id);
    const terrace = await event(t.app, staff.club.id, { startsInHours: -0.5 });
    const holder = await person(t.app);
    const mainTickets = await getTicket(t.app, holder, main.typeId(0), 6);
    const terraceTickets = await getTicket(t.app, holder, terrace.typeId(0), 4);
    for (const ticket of mainTickets.slice(0, 5))
      await scan(t.app, staff.door, main.id, { token: ticket.token });
    for (const ticket of terraceTickets) await scan(t.app, staff.door, terrace.id, { token: ticket.token });

    let mine = (await live(staff.ceo)).clubs;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ clubId: staff.club.id, capacity: 10, inside: 9, level: 'warning' });
    expect(mine[0].events.map((e: { inside: number }) => e.inside).sort()).toEqual([4, 5]);

    await scan(t.app, staff.door, main.id, { token: mainTickets[5]!.token });
    mine = (await live(staff.ceo)).clubs;
    expect(mine[0]).toMatchObject({ inside: 10, level: 'full' });

    // Out for a smoke: back under 100 %.
    const out = await call('POST', `/api/door/events/${main.id}/exits`, staff.door.cookie, {
      door: 'Puerta principal',
      ticketId: mainTickets[0]!.id,
    });
    expect(out.statusCode).toBe(200);
    out.json();
    mine = (await live(staff.ceo)).clubs;
    expect(mine[0]).toMatchObject({ inside: 9, level: 'warning' });

    // Another club's CEO sees their own club, with nobody inside, not this one.
    const theirs = (await live(other.ceo)).clubs;
    expect(theirs.map((c: { clubId: string }) => c.clubId)).not.toContain(staff.club.id);
    expect((await call('GET', '/api/dashboards/ceo/aforo', holder.cookie)).statusCode).toBe(403);
    // An admin sees every club.
    expect((await live(admin)).clubs.map((c: { clubId: string }) => c.clubId)).toContain(staff.club.id);
  });
});
