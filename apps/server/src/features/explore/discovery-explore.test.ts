import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  madridInstant,
  madridWallClock,
  weekdayNight,
  type ClubDirections,
  type ExploreResult,
} from '@nocturna/shared';
import { now, nowMs, pinClock } from '../../clock.ts';
import { maskUrl } from '../../http/logging.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, connectPeople } from '../../../test/people-helpers.ts';
import { buy } from '../../../test/tickets-fixture.ts';
import { PLACES, buyOne, moments, oldSales, placeClub, placeEvent } from '../../../test/discovery-fixture.ts';

type Person = Awaited<ReturnType<typeof signUp>>;
const DAY = 24 * 3600_000;

describe.each(DIALECTS)('explore on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  // One night in ten days' time, away from anything else the tests place.
  let farDate: string;
  let undoClock: () => void;
  const ids: Record<string, string> = {};
  const clubs: Record<string, { id: string; name: string }> = {};

  const explore = async (query: string, cookie?: string) => {
    const res = await call('GET', `/api/explore?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ExploreResult;
  };
  const eventIds = (r: ExploreResult) => r.events.map((e) => e.id).sort();

  beforeAll(async () => {
    // The coming Thursday at 23:00 in Madrid, on a clock that keeps running: what "tonight", "open now" and "this
    // weekend" hold depends on the hour, and on a Sunday night the weekend's last event is tonight's too.
    undoClock = pinClock(weekdayNight('THU', now()).from.getTime() + 17 * 3600_000, { running: true });
    farDate = madridWallClock(new Date(nowMs() + 10 * DAY)).date;
    t = await createTestApp(dialect);
    call = caller(t.app);
    const at = moments();
    clubs.sol = await placeClub(t.app, PLACES.sol, ['techno']);
    clubs.malasana = await placeClub(t.app, PLACES.malasana, ['indie']);
    clubs.salamanca = await placeClub(t.app, PLACES.salamanca, ['reggaeton']);
    clubs.tetuan = await placeClub(t.app, PLACES.tetuan, ['latin']);
    // Sol: a techno night under way now. Malasaña: an indie night later tonight, 16+, cheap.
    ids.live = await placeEvent(t.app, clubs.sol, { start: at.live, genres: ['techno'] });
    ids.later = await placeEvent(t.app, clubs.malasana, {
      start: at.laterTonight,
      genres: ['indie'],
      minimumAge: 16,
      types: [{ name: 'General', priceCents: 800, capacity: 100 }],
    });
    // Salamanca: reggaeton in ten days, expensive, 21+. Tetuán: the end of this weekend.
    ids.far = await placeEvent(t.app, clubs.salamanca, {
      start: madridInstant(farDate, '23:30'),
      genres: ['reggaeton'],
      minimumAge: 21,
      types: [{ name: 'General', priceCents: 3000, capacity: 100 }],
    });
    ids.weekend = await placeEvent(t.app, clubs.tetuan, { start: at.weekendEnd, genres: ['latin'] });
    // Neither a draft nor an event that is over shows.
    ids.draft = await placeEvent(t.app, clubs.sol, { start: at.laterTonight, status: 'draft' });
    ids.over = await placeEvent(t.app, clubs.sol, { start: new Date(nowMs() - 10 * 3600_000), hours: 2 });
  });
  afterAll(async () => {
    await t.close();
    undoClock();
  });

  it('shows tonight the events under way and later tonight, with each club coloured by its night', async () => {
    const r = await explore('when=tonight');
    expect(r.events.map((e) => e.id)).toContain(ids.live);
    expect(r.events.map((e) => e.id)).toContain(ids.later);
    expect(r.events.map((e) => e.id)).not.toContain(ids.far);
    expect(r.events.map((e) => e.id)).not.toContain(ids.draft);
    expect(r.events.map((e) => e.id)).not.toContain(ids.over);
    const sol = r.clubs.find((c) => c.id === clubs.sol!.id)!;
    expect(sol).toMatchObject({ tonight: 'live', latitude: PLACES.sol.lat, longitude: PLACES.sol.lng });
    expect(r.clubs.find((c) => c.id === clubs.malasana!.id)?.tonight).toBe('tonight');
    const live = r.events.find((e) => e.id === ids.live)!;
    expect(live).toMatchObject({ latitude: PLACES.sol.lat, barrio: 'Centro', genres: ['techno'] });
  });

  it('narrows to one night by date and to this weekend, and marks a club with nothing tonight', async () => {
    const byDate = await explore(`when=date&date=${farDate}`);
    expect(eventIds(byDate)).toEqual([ids.far]);
    expect(byDate.clubs.filter((c) => c.events > 0)).toEqual([
      expect.objectContaining({ id: clubs.salamanca!.id, tonight: 'none', events: 1 }),
    ]);
    expect(new Date(byDate.range.to).getTime() - new Date(byDate.range.from).getTime()).toBe(DAY);
    const weekend = await explore('when=weekend');
    expect(eventIds(weekend)).toContain(ids.weekend);
    expect(eventIds(weekend)).not.toContain(ids.far);
  });

  it('filters by genre, barrio, price, age and open now', async () => {
    expect(eventIds(await explore('genre=indie'))).toEqual([ids.later]);
    expect(eventIds(await explore('genre=INDIE&barrio=Malasa%C3%B1a'))).toEqual([ids.later]);
    expect(eventIds(await explore('genre=indie&barrio=Centro'))).toEqual([]);
    expect(eventIds(await explore('barrio=Centro'))).toEqual([ids.live]);
    // The week: everything upcoming but the far night; 10 € at most leaves the 8 € night only.
    expect(eventIds(await explore('maxPrice=1000'))).toEqual([ids.later]);
    expect(eventIds(await explore(`when=date&date=${farDate}&maxPrice=2999`))).toEqual([]);
    // A 17-year-old gets the 16+ night only; at 21 the 21+ one too.
    expect(eventIds(await explore('when=tonight&age=17'))).toEqual([ids.later]);
    expect(eventIds(await explore(`when=date&date=${farDate}&age=21`))).toEqual([ids.far]);
    expect(eventIds(await explore('when=tonight&openNow=true'))).toEqual([ids.live]);
  });

  it('keeps every open club on the map, muted when nothing matches, and narrows the clubs by barrio only', async () => {
    const closed = await placeClub(t.app, PLACES.sol, ['techno']);
    await t.app.db
      .updateTable('clubs')
      .set({ archived_at: now().toISOString() })
      .where('id', '=', closed.id)
      .execute();
    const four = [clubs.sol!.id, clubs.malasana!.id, clubs.salamanca!.id, clubs.tetuan!.id];
    const events = (r: ExploreResult) => new Map(r.clubs.map((c) => [c.id, c.events]));

    // One far night: Salamanca has it, the other three are still on the map with nothing (muted, not coloured).
    const byDate = await explore(`when=date&date=${farDate}`);
    expect(byDate.clubs.map((c) => c.id)).toEqual(expect.arrayContaining(four));
    expect(byDate.clubs.map((c) => c.id)).not.toContain(closed.id);
    expect([...events(byDate)].filter(([id]) => four.includes(id))).toEqual(
      expect.arrayContaining([
        [clubs.salamanca!.id, 1],
        [clubs.sol!.id, 0],
        [clubs.malasana!.id, 0],
        [clubs.tetuan!.id, 0],
      ]),
    );
    for (const c of byDate.clubs.filter((club) => club.events === 0)) {
      expect(c.tonight).toBe('none');
      expect(byDate.events.some((e) => e.clubId === c.id)).toBe(false);
    }
    // A genre mutes the clubs without it, even one with a night under way; the list holds only what matches.
    const indie = await explore('when=tonight&genre=indie');
    expect(events(indie).get(clubs.malasana!.id)).toBe(1);
    expect(indie.clubs.find((c) => c.id === clubs.sol!.id)).toMatchObject({ events: 0, tonight: 'none' });
    // A barrio is a place: only its clubs are on the map, with or without a night.
    const centro = await explore(`when=date&date=${farDate}&barrio=Centro`);
    expect(centro.clubs.map((c) => c.id)).toContain(clubs.sol!.id);
    expect(centro.clubs.every((c) => c.barrio === 'Centro' && c.events === 0)).toBe(true);
    // Near me: muted clubs say how far they are too.
    const near = await explore(`when=date&date=${farDate}&lat=${PLACES.tetuan.lat}&lng=${PLACES.tetuan.lng}`);
    expect(near.clubs.find((c) => c.id === clubs.tetuan!.id)!.distanceM).toBeLessThan(50);
  });

  it('answers a bad filter with 400 naming the field, in Spanish', async () => {
    const cases: [string, string][] = [
      ['when=mañana', 'when'],
      ['when=date', 'date'],
      ['when=date&date=10-12-2026', 'date'],
      ['maxPrice=-5', 'maxPrice'],
      ['age=8', 'age'],
      ['lat=40.4', 'lng'],
      ['lat=100&lng=-3.7', 'lat'],
      ['openNow=yes', 'openNow'],
    ];
    for (const [query, field] of cases) {
      const res = await call('GET', `/api/explore?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect((await call('GET', '/api/explore?when=date')).json().error.message).toContain('Elige una fecha');
  });

  it('orders by distance from the person and says how far each club is', async () => {
    // Standing at Tetuán: Tetuán first, Sol (about 4.9 km) after Malasaña.
    const r = await explore(`lat=${PLACES.tetuan.lat}&lng=${PLACES.tetuan.lng}`);
    expect(r.events[0]!.clubId).toBe(clubs.tetuan!.id);
    expect(r.events[0]!.distanceM).toBeLessThan(50);
    const distances = r.events.map((e) => e.distanceM!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const sol = r.clubs.find((c) => c.id === clubs.sol!.id)!;
    expect(sol.distanceM).toBeGreaterThan(4700);
    expect(sol.distanceM).toBeLessThan(5100);
    expect((await explore('')).events.every((e) => e.distanceM === null)).toBe(true);
    // The position never reaches the logs.
    expect(maskUrl('/api/explore?when=tonight&lat=40.4169&lng=-3.7035')).toBe(
      '/api/explore?when=tonight&lat=[oculto]&lng=[oculto]',
    );
  });

  it('trends by tickets issued in the last 24 hours, counted by the database', async () => {
    const club = await placeClub(t.app, PLACES.malasana, ['funk']);
    const date = madridWallClock(new Date(nowMs() + 3 * DAY)).date;
    const hot = await placeEvent(t.app, club, { start: madridInstant(date, '23:00'), genres: ['funk'] });
    const warm = await placeEvent(t.app, club, { start: madridInstant(date, '23:30'), genres: ['funk'] });
    const cold = await placeEvent(t.app, club, { start: madridInstant(date, '23:45'), genres: ['funk'] });
    const buyer = await signUp(t.app);
    const three = await buy(t.app, buyer, { ticketTypeId: `${hot}-tt1`, quantity: 3 });
    expect(three.statusCode, three.body).toBe(201);
    await buyOne(t.app, buyer, warm);
    // Sold two days ago: outside the window, however many.
    await oldSales(t.app, buyer.id, warm, 6, 48);
    await oldSales(t.app, buyer.id, cold, 9, 30);
    const r = await explore(`when=date&date=${date}&genre=funk`);
    expect(r.trending).toEqual([hot, warm]);
    const sales = Object.fromEntries(r.events.map((e) => [e.id, e.sales24h]));
    expect(sales).toEqual({ [hot]: 3, [warm]: 1, [cold]: 0 });
  });

  describe('tus amigos van', () => {
    let me: Person;
    let open: Person;
    let hidden: Person;
    let privateFriend: Person;
    let stranger: Person;
    let cancelled: Person;
    let blocked: Person;
    let night: string;

    beforeAll(async () => {
      const people = await Promise.all(Array.from({ length: 7 }, () => signUp(t.app)));
      [me, open, hidden, privateFriend, stranger, cancelled, blocked] = people as [
        Person,
        Person,
        Person,
        Person,
        Person,
        Person,
        Person,
      ];
      for (const friend of [open, hidden, privateFriend, cancelled, blocked])
        await connectPeople(t.app, me, friend);
      const club = await placeClub(t.app, PLACES.sol, ['house']);
      const date = madridWallClock(new Date(nowMs() + 5 * DAY)).date;
      night = await placeEvent(t.app, club, { start: madridInstant(date, '23:30'), genres: ['house'] });
      expect((await call('PATCH', '/api/me/privacy', hidden.cookie, { showEvents: false })).statusCode).toBe(
        200,
      );
      expect(
        (await call('PATCH', '/api/me/privacy', privateFriend.cookie, { isPrivate: true })).statusCode,
      ).toBe(200);
      for (const p of [open, hidden, privateFriend, stranger, cancelled, blocked])
        await buyOne(t.app, p, night);
      const ticket = (await call('GET', '/api/tickets?when=upcoming', cancelled.cookie)).json().items[0].id;
      expect((await call('POST', `/api/tickets/${ticket}/cancel`, cancelled.cookie)).statusCode).toBe(200);
      expect((await call('PUT', `/api/blocks/${me.id}`, blocked.cookie)).statusCode).toBeLessThan(300);
    });

    const going = async (cookie?: string) => {
      const r = await explore('genre=house', cookie);
      const e = r.events.find((x) => x.id === night)!;
      return { r, e };
    };

    it('shows connections who let their connections see their events, private profiles included', async () => {
      const { r, e } = await going(me.cookie);
      expect(e.friends.map((f) => f.id).sort()).toEqual([open.id, privateFriend.id].sort());
      expect(e.friendsCount).toBe(2);
      expect(r.friendsGoing).toEqual([night]);
      expect(e.friends[0]).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        username: expect.anything(),
        avatarUrl: null,
      });
    });

    it('never shows a friend who hides their events, a stranger, a cancelled ticket or across a block', async () => {
      const { e } = await going(me.cookie);
      const shown = e.friends.map((f) => f.id);
      for (const p of [hidden, stranger, cancelled, blocked]) expect(shown).not.toContain(p.id);
    });

    it('shows nobody to a visitor', async () => {
      const { r, e } = await going();
      expect(e.friends).toEqual([]);
      expect(e.friendsCount).toBe(0);
      expect(r.friendsGoing).toEqual([]);
    });
  });

  describe('directions', () => {
    it('gives map links and the nearest Metro stations, nearest first', async () => {
      const res = await call('GET', `/api/clubs/${clubs.sol!.id}/directions`);
      expect(res.statusCode).toBe(200);
      const d = res.json() as ClubDirections;
      expect(d.stations).toHaveLength(3);
      expect(d.stations[0]).toMatchObject({ name: 'Sol', lines: ['1', '2', '3'] });
      expect(d.stations[0]!.distanceM).toBeLessThan(100);
      const metres = d.stations.map((s) => s.distanceM);
      expect(metres).toEqual([...metres].sort((a, b) => a - b));
      expect(d.stations.every((s) => s.walkMinutes >= 1)).toBe(true);
      expect(d.links.geo).toMatch(/^geo:40\.4169,-3\.7035\?q=/);
      expect(d.links.google).toBe('https://www.google.com/maps/dir/?api=1&destination=40.4169,-3.7035');
      expect(d.links.apple).toMatch(/^https:\/\/maps\.apple\.com\/\?daddr=40\.4169,-3\.7035/);
    });

    it('finds Tetuán station for a club in Tetuán and answers 404 for a club that does not exist', async () => {
      const d = (await call('GET', `/api/clubs/${clubs.tetuan!.id}/directions`)).json() as ClubDirections;
      expect(d.stations[0]!.name).toBe('Tetuán');
      const missing = await call('GET', '/api/clubs/no-existe/directions');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('CLUB_NOT_FOUND');
    });
  });
});
