// The event page's "N conexiones van" (who of my connections hold a ticket, only those who show their events,
// never across a block) and its "Añadir al calendario" file, open to anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_GOING_FACES,
  madridInstant,
  madridWallClock,
  type EventConnectionsGoing,
} from '@nocturna/shared';
import { now as clockNow } from '../../clock.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, connectPeople } from '../../../test/people-helpers.ts';
import { PLACES, buyOne, placeClub, placeEvent } from '../../../test/discovery-fixture.ts';

type Person = Awaited<ReturnType<typeof signUp>>;
const DAY = 24 * 3600_000;

describe.each(DIALECTS)('an event page, connections going and calendar, on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let me: Person;
  let shown: Person[];
  let hidden: Person;
  let stranger: Person;
  let blocked: Person;
  let night: string;
  let quiet: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    const people = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    [me, hidden, stranger, blocked] = people.slice(0, 4) as [Person, Person, Person, Person];
    // Six who show their events: one more than the faces the page draws.
    shown = people.slice(4);
    for (const friend of [...shown, hidden, blocked]) await connectPeople(t.app, me, friend);
    const club = await placeClub(t.app, PLACES.sol, ['house']);
    const date = madridWallClock(new Date(clockNow().getTime() + 4 * DAY)).date;
    night = await placeEvent(t.app, club, { start: madridInstant(date, '23:30'), genres: ['house'] });
    quiet = await placeEvent(t.app, club, { start: madridInstant(date, '20:00'), hours: 2 });
    expect((await call('PATCH', '/api/me/privacy', hidden.cookie, { showEvents: false })).statusCode).toBe(
      200,
    );
    for (const p of [...shown, hidden, stranger, blocked]) await buyOne(t.app, p, night);
    expect((await call('PUT', `/api/blocks/${me.id}`, blocked.cookie)).statusCode).toBeLessThan(300);
  });
  afterAll(async () => t.close());

  const going = async (eventId: string, cookie?: string) =>
    call('GET', `/api/events/${eventId}/going`, cookie);

  it('counts the connections who hold a ticket and show their events, with the first faces', async () => {
    const res = await going(night, me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as EventConnectionsGoing;
    expect(body.count).toBe(shown.length);
    expect(body.people).toHaveLength(EVENT_GOING_FACES);
    const ids = body.people.map((p) => p.id);
    for (const id of ids) expect(shown.map((p) => p.id)).toContain(id);
    expect(body.people[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      username: expect.anything(),
      avatarUrl: null,
    });
  });

  it('never counts one who hides their events, a stranger, or someone across a block', async () => {
    const ids = ((await going(night, me.cookie)).json() as EventConnectionsGoing).people.map((p) => p.id);
    for (const p of [hidden, stranger, blocked]) expect(ids).not.toContain(p.id);
    // The stranger has no connections: nobody is going for them.
    expect((await going(night, stranger.cookie)).json()).toEqual({ count: 0, people: [] });
    expect((await going(quiet, me.cookie)).json()).toEqual({ count: 0, people: [] });
  });

  it('asks a visitor to sign in, and answers 404 for an event that does not exist', async () => {
    const visitor = await going(night);
    expect(visitor.statusCode).toBe(401);
    const missing = await going('no-such-event', me.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('EVENT_NOT_FOUND');
  });

  it('gives anyone the night as a calendar file with the club and a link back to the event', async () => {
    const event = (await call('GET', `/api/events/${night}`)).json();
    const res = await call('GET', `/api/events/${night}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="nocturna-[A-Za-z0-9-]+\.ics"$/,
    );
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:${event.id}@nocturna`);
    expect(ics).toContain(`SUMMARY:${event.name}`);
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${stamp(event.startAt)}`);
    expect(ics).toContain(`DTEND:${stamp(event.endAt)}`);
    expect(ics).toContain(`LOCATION:${event.club.name}`);
    expect(ics).toContain(`/evento/${event.slug}`);
    expect((await call('GET', '/api/events/no-such-event/calendar.ics')).statusCode).toBe(404);
  });
});
