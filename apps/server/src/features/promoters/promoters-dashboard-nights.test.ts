// The promoter's dashboard never leaves tonight out: every event of tonight's night or still under way is listed
// however many the club runs, the later nights are the next twelve, and the nights over are those of the last 12
// hours (six at most). A single limit over all of them by start time let a busy day's earlier events push
// tonight's last event off the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RppDashboard } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller, event, person, staffedClub, type Person } from '../../../test/door-fixture.ts';

describe.each(DIALECTS)("the promoter's nights on %s", (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let rpp: Person;
  const ids = {
    underWay: [] as string[],
    later: [] as string[],
    recent: [] as string[],
    old: [] as string[],
  };
  let last: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    const admin = await person(t.app, 'admin');
    const club = await staffedClub(t.app, admin);
    rpp = await person(t.app, 'rpp');
    const attached = await call('POST', `/api/clubs/${club.club.id}/promoters`, club.ceo.cookie, {
      login: rpp.email,
      code: 'NOCHES',
      commission: { kind: 'fixed', value: 100 },
    });
    expect(attached.statusCode).toBe(201);
    // Fourteen events under way since earlier, eight over in the last hours, two over long ago, fourteen later.
    for (let i = 0; i < 14; i++)
      ids.underWay.push((await event(t.app, club.club.id, { startsInHours: -4 + i * 0.1, hours: 8 })).id);
    for (let i = 0; i < 8; i++)
      ids.recent.push((await event(t.app, club.club.id, { startsInHours: -11 + i * 0.5, hours: 2 })).id);
    for (let i = 0; i < 2; i++)
      ids.old.push((await event(t.app, club.club.id, { startsInHours: -30 - i, hours: 2 })).id);
    for (let i = 0; i < 14; i++)
      ids.later.push((await event(t.app, club.club.id, { startsInHours: 48 + i * 24, hours: 6 })).id);
    // The one that opened last tonight: it started after every other under way.
    last = (await event(t.app, club.club.id, { startsInHours: -0.5, hours: 6 })).id;
  });
  afterAll(async () => t.close());

  it('lists every event under way, the next twelve later, and six of those over in the last 12 hours', async () => {
    const res = await call('GET', '/api/rpp/dashboard', rpp.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const shown = (res.json() as RppDashboard).events.map((e) => e.id);
    expect(shown).toContain(last);
    for (const id of ids.underWay) expect(shown).toContain(id);
    expect(shown.filter((id) => ids.later.includes(id))).toEqual(ids.later.slice(0, 12));
    // The six most recent of the nights over, none from long ago.
    expect(shown.filter((id) => ids.recent.includes(id)).sort()).toEqual(ids.recent.slice(2).sort());
    for (const id of ids.old) expect(shown).not.toContain(id);
  });
});
