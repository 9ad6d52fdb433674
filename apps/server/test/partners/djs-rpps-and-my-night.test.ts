// DJs and "Mi noche", and the demo: a DJ's public profile and followers, a confirmed slot telling the
// followers, sales shown to a DJ only when the club shares them, "Mi noche" for a person, and the demo RPP and DJ
// finding meaningful data after the Madrid seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DjDashboard, DjProfile, MyNight, RppDashboard, Statement } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { signIn } from '../auth-helpers.ts';
import { caller, event, getTicket, person, staffedClub, type Person } from '../door-fixture.ts';
import { seedMadridIfEmpty } from '../../src/seed/madrid.ts';
import { seedMadridDoor } from '../../src/seed/madrid-door.ts';
import { seedMadridPartners } from '../../src/seed/madrid-partners.ts';

describe.each(DIALECTS)('DJs and Mi noche on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let dj: Person;
  let fan: Person;
  let gig: Awaited<ReturnType<typeof event>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    dj = await person(t.app, 'dj');
    fan = await person(t.app);
    gig = await event(t.app, a.club.id, { startsInHours: 30 });
    // The club puts the DJ's account on the line-up (as the event editor does).
    await t.app.db
      .insertInto('event_lineup')
      .values({
        event_id: gig.id,
        position: 0,
        dj_name: dj.name,
        dj_user_id: dj.id,
        starts_at: null,
        ends_at: null,
      })
      .execute();
  });
  afterAll(async () => t.close());

  it('shows a DJ publicly by username, lets people follow, and tells followers when the DJ confirms a slot', async () => {
    const page = await call('GET', `/api/djs/${dj.username}`);
    expect(page.statusCode).toBe(200);
    const profile = page.json() as DjProfile;
    expect(profile.upcoming.map((g) => g.eventId)).toEqual([gig.id]);
    const followed = await call('PUT', `/api/djs/${profile.slug}/follow`, fan.cookie);
    expect(followed.json()).toMatchObject({ followers: 1, following: true });
    expect((await call('PUT', `/api/djs/${profile.slug}/follow`, dj.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/djs/nadie-con-este-nombre')).statusCode).toBe(404);

    const confirm = await call('POST', `/api/dj/gigs/${gig.id}/confirm`, dj.cookie);
    expect(confirm.json()).toEqual({ status: 'confirmed', notified: 1 });
    // Confirming again tells nobody twice.
    expect((await call('POST', `/api/dj/gigs/${gig.id}/confirm`, dj.cookie)).json().notified).toBe(0);
    const notes = await call('GET', '/api/notifications', fan.cookie);
    expect(JSON.stringify(notes.json())).toContain('dj_booked');
    // Another DJ has no slot there; a person without the role has no dashboard.
    const otherDj = await person(t.app, 'dj');
    expect((await call('POST', `/api/dj/gigs/${gig.id}/confirm`, otherDj.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/dj/dashboard', fan.cookie)).statusCode).toBe(403);
  });

  it("shows a DJ the night's sales only when the club shares them", async () => {
    const buyer = await person(t.app);
    await getTicket(t.app, buyer, gig.typeId(0));
    let dash = (await call('GET', '/api/dj/dashboard', dj.cookie)).json() as DjDashboard;
    expect(dash.gigs[0]).toMatchObject({ eventId: gig.id, status: 'confirmed', sold: null, checkedIn: null });
    expect(dash.followersOverTime.at(-1)?.followers).toBe(1);
    await call('PUT', `/api/clubs/${a.club.id}/partner-settings`, a.ceo.cookie, {
      promoterRanking: false,
      djSales: true,
    });
    dash = (await call('GET', '/api/dj/dashboard', dj.cookie)).json() as DjDashboard;
    expect(dash.gigs[0]).toMatchObject({ sold: 1, checkedIn: 0 });
    const edited = await call('PATCH', '/api/dj/profile', dj.cookie, {
      bio: 'Techno de sótano.',
      genres: ['techno'],
    });
    expect(edited.json().profile).toMatchObject({ bio: 'Techno de sótano.', genres: ['techno'] });
    const bad = await call('PATCH', '/api/dj/profile', dj.cookie, { genres: ['polka'] });
    expect(bad.statusCode).toBe(400);
  });

  it("gives a person their night: next ticket, followed DJ's gig, unread counts; empty for a newcomer", async () => {
    await getTicket(t.app, fan, gig.typeId(0));
    const night = (await call('GET', '/api/me/night', fan.cookie)).json() as MyNight;
    expect(night.nextTicket?.event.id).toBe(gig.id);
    expect(night.followedGigs.map((g) => g.eventId)).toEqual([gig.id]);
    expect(night.unread.notifications).toBeGreaterThan(0);
    const newcomer = await person(t.app);
    const empty = (await call('GET', '/api/me/night', newcomer.cookie)).json() as MyNight;
    expect(empty).toMatchObject({ nextTicket: null, friendsGoing: [], followedGigs: [], pastCheckIns: [] });
    expect((await call('GET', '/api/me/night')).statusCode).toBe(401);
  });
});

describe.each(DIALECTS)('the demo RPP and DJ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedMadridIfEmpty(t.app.db);
    await seedMadridDoor(t.app.db);
    expect(await seedMadridPartners(t.app.db, t.app.ticketSigner)).toBe(true);
    expect(await seedMadridPartners(t.app.db, t.app.ticketSigner)).toBe(false);
  });
  afterAll(async () => t.close());

  it('has links, sales, entries, a list, a paid statement, a ranking and DJ gigs to show', async () => {
    const call = caller(t.app);
    const rpp = await signIn(t.app, 'rpp@demo.nocturna.es', 'nocturna');
    const dash = (await call('GET', '/api/rpp/dashboard', rpp)).json() as RppDashboard;
    expect(dash.clubs.map((c) => c.code).sort()).toEqual(['RAQUEL', 'RAQUELNM']);
    expect(dash.totals).toMatchObject({ checkedIn: 8, earned: { cents: 1600 } });
    // Her next night at her first club (the first of its nights not over; the dashboard lists both clubs' nights and
    // also keeps a night that ended in the last 12 hours) has her sales and her list.
    const first = dash.clubs.find((c) => c.code === 'RAQUEL')!;
    const next = dash.events.find((e) => e.clubId === first.id && new Date(e.endAt) > new Date())!;
    expect(next.sold).toBeGreaterThan(0);
    expect(next.lists[0]).toMatchObject({ filled: 3, capacity: 30 });
    expect(dash.clubs.find((c) => c.code === 'RAQUEL')!.ranking).not.toBeNull();
    const past = await t.app.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'Noche Nocturna: la semana pasada')
      .executeTakeFirstOrThrow();
    const statement = (await call('GET', `/api/rpp/statement?eventId=${past.id}`, rpp)).json() as Statement;
    expect(statement.paid?.total.cents).toBe(1600);
    expect(statement.adjustments).toEqual([]);

    const dj = await signIn(t.app, 'dj@demo.nocturna.es', 'nocturna');
    const djDash = (await call('GET', '/api/dj/dashboard', dj)).json() as DjDashboard;
    expect(djDash.gigs.some((g) => g.status === 'offered')).toBe(true);
    expect(djDash.gigs.some((g) => g.status === 'confirmed')).toBe(true);
    expect(djDash.profile.followers).toBe(13);
    expect((await call('GET', '/api/djs/dj-diego')).json().past).toHaveLength(1);
  });
});
