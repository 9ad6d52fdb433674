// One search for everything, on the databases' own text indexes (SQLite FTS5 trigram, PostgreSQL
// pg_trgm). Accents and case, prefixes, typos, date/genre/barrio words, ranking, people's privacy and blocks, an
// edited name found at once under the new name and not the old, and the per-IP limit for visitors.
import { weekdayNight, type SearchResults } from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { rebuildSearchIndexes, searchIndexBytes } from '../../db/search-index.ts';
import { insertClub, insertEvent } from '../../seed/catalogue-writer.ts';
import { freshIp, TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { caller, person, type Person } from '../../../test/door-fixture.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';

const HOUR = 3600_000;

describe.each(DIALECTS)('search on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: Person;
  let viewer: Person;
  let lucia: Person;
  let lucas: Person;
  let privada: Person;
  let djAccount: Person;
  let firstAmelieNight: string;
  const clubs: Record<string, string> = {};
  const events: Record<string, string> = {};

  const search = async (q: string, cookie?: string, limit = 10) => {
    const res = await call('GET', `/api/search?q=${encodeURIComponent(q)}&limit=${limit}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResults;
  };
  const names = (group: { items: { name: string }[] }) => group.items.map((i) => i.name);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    const db = t.app.db;
    const now = new Date();
    clubs.kapital = await insertClub(db, {
      slug: 'kapital',
      name: 'Kápital',
      barrio: 'Centro',
      genres: ['commercial', 'reggaeton'],
      openingDays: ['THU', 'FRI', 'SAT'],
    });
    clubs.boveda = await insertClub(db, {
      slug: 'sala-boveda',
      name: 'Sala Bóveda',
      barrio: 'Lavapiés',
      genres: ['techno'],
      openingDays: ['FRI', 'SAT'],
    });
    clubs.berghain = await insertClub(db, {
      slug: 'berghain-madrid',
      name: 'Berghain Madrid',
      barrio: 'Arganzuela',
      genres: ['techno', 'house'],
      openingDays: ['SAT'],
    });
    const at = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);
    djAccount = await person(t.app);
    const event = async (
      key: string,
      name: string,
      club: 'kapital' | 'boveda' | 'berghain',
      start: Date,
      genres: string[],
      lineup: { djName: string; djUserId?: string }[] = [],
    ) => {
      const clubName = { kapital: 'Kápital', boveda: 'Sala Bóveda', berghain: 'Berghain Madrid' }[club];
      events[key] = await insertEvent(
        db,
        {
          slug: `${key}-${dialect}`,
          clubId: clubs[club]!,
          name,
          startAt: start,
          endAt: at(start, 6),
          genres,
          lineup,
          ticketTypes: [{ name: 'General', priceCents: 1500, capacity: 500 }],
        },
        clubName,
      );
    };
    // A night at 23:30 on that weekday; in the last half hour of that night (05:30-06:00 the morning after, when
    // a 23:30 start has ended but the day is still that weekday's) one that began an hour ago, so it is not over.
    const nightOn = (day: 'FRI' | 'SAT') => {
      const start = at(weekdayNight(day, now).from, 17.5);
      return at(start, 6) > at(now, 0.25) ? start : at(now, -1);
    };
    const saturday = nightOn('SAT');
    const friday = nightOn('FRI');
    await event(
      'sessions',
      'Kápital Sessions',
      'boveda',
      at(now, 48),
      ['house'],
      [{ djName: 'DJ Nerea', djUserId: djAccount.id }],
    );
    await event('latino', 'Viernes Latino', 'kapital', at(now, 50), ['latin']);
    await event('azotea', 'Azotea de verano', 'kapital', at(now, 52), ['commercial']);
    await event(
      'underground',
      'Bóveda Underground',
      'boveda',
      saturday,
      ['techno'],
      [{ djName: 'Amélie Lens' }],
    );
    await event(
      'warmup',
      'Warm-up techno',
      'boveda',
      friday,
      ['techno'],
      [{ djName: 'Amelie Lens' }, { djName: 'Óscar Mulero' }],
    );
    firstAmelieNight = saturday < friday ? 'Bóveda Underground' : 'Warm-up techno';
    await event('past', 'Kápital Pasado', 'kapital', at(now, -30), ['pop'], [{ djName: 'Jeff Mills' }]);
    // Popularity: the two "kapital" events that only mention it through their club, one selling more.
    const sold = async (key: string, n: number) =>
      db.updateTable('ticket_types').set({ sold: n }).where('event_id', '=', events[key]!).execute();
    await sold('latino', 10);
    await sold('azotea', 300);
    await sold('sessions', 0);

    admin = await person(t.app, 'admin');
    viewer = await person(t.app);
    lucia = await person(t.app);
    lucas = await person(t.app);
    privada = await person(t.app);
    const rename = async (p: Person, name: string, username: string) => {
      const [first, ...rest] = name.split(' ');
      const res = await call('PATCH', '/api/me/profile', p.cookie, {
        firstName: first,
        lastName: rest.join(' '),
        username,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await rename(lucia, 'Lucía Fernández', 'luciaf');
    await rename(lucas, 'Lucas Martín', 'lucasm');
    await rename(privada, 'Lucila Privada', 'lucila');
    await call('PATCH', '/api/me/privacy', privada.cookie, { isPrivate: true });
    await call('PATCH', '/api/me/profile', privada.cookie, { bio: 'Nadie debería leer esto' });
  });
  afterAll(async () => t.close());

  it('ignores accents and case, and finds prefixes', async () => {
    expect(names((await search('kapital')).clubs)).toEqual(['Kápital']);
    expect(names((await search('KÁPITAL')).clubs)).toEqual(['Kápital']);
    expect(names((await search('boveda')).clubs)).toEqual(['Sala Bóveda']);
    expect(names((await search('bóve')).clubs)).toEqual(['Sala Bóveda']);
    // "tech" is no genre word: it is a prefix of the genre both techno clubs carry in their text.
    expect(names((await search('tech')).clubs).sort()).toEqual(['Berghain Madrid', 'Sala Bóveda']);
  });

  it('forgives a typo or two in a name', async () => {
    expect(names((await search('kapitl')).clubs)).toEqual(['Kápital']);
    expect(names((await search('bobeda')).clubs)).toEqual(['Sala Bóveda']);
    expect(names((await search('berghian')).clubs)).toEqual(['Berghain Madrid']);
    // A word no club is near finds nothing rather than everything.
    expect((await search('zzyzx')).clubs.items).toEqual([]);
  });

  it('puts the exact name first, then the best-selling, and leaves past events out', async () => {
    const found = await search('kapital');
    expect(names(found.events)).toEqual(['Kápital Sessions', 'Azotea de verano', 'Viernes Latino']);
    expect(found.events.more).toBe(false);
    const two = await search('kapital', undefined, 2);
    expect(names(two.events)).toEqual(['Kápital Sessions', 'Azotea de verano']);
    expect(two.events.more).toBe(true);
  });

  it('understands a night, a genre and a barrio, and drops stop words', async () => {
    const found = await search('techno el sábado en Lavapiés');
    expect(found.understood).toMatchObject({
      weekday: 'SAT',
      genre: 'techno',
      barrio: 'Lavapiés',
      terms: [],
    });
    expect(names(found.events)).toEqual(['Bóveda Underground']);
    expect(names(found.clubs)).toEqual(['Sala Bóveda']);
    // "berghain madrid": the city is a stop word, the club is still found by its name.
    expect(names((await search('berghain madrid')).clubs)).toEqual(['Berghain Madrid']);
    expect(names((await search('techno viernes')).events)).toEqual(['Warm-up techno']);
  });

  it('finds DJs by the names on the line-ups ahead: one per DJ, their nights, the next one, their account', async () => {
    const amelie = (await search('amelie')).djs.items;
    expect(amelie).toHaveLength(1);
    expect(amelie[0]).toMatchObject({
      sets: 2,
      userId: null,
      next: { name: firstAmelieNight, clubName: 'Sala Bóveda' },
    });
    expect((await search('ÓSCAR')).djs.items.map((d) => d.name)).toEqual(['Óscar Mulero']);
    expect((await search('mulerp')).djs.items.map((d) => d.name)).toEqual(['Óscar Mulero']);
    expect((await search('nerea')).djs.items[0]).toMatchObject({
      name: 'DJ Nerea',
      userId: djAccount.id,
      sets: 1,
    });
    // A DJ whose only night is over is not offered.
    expect((await search('jeff mills')).djs.items).toEqual([]);
  });

  it('finds people by name or username, accent-blind and past a typo, never the viewer or a blocked person', async () => {
    const anonymous = await search('lucia');
    expect(names(anonymous.people)).toEqual(['Lucía Fernández']);
    expect(names((await search('luc')).people).sort()).toEqual([
      'Lucas Martín',
      'Lucila Privada',
      'Lucía Fernández',
    ]);
    expect(names((await search('@lucasm')).people)).toEqual(['Lucas Martín']);
    expect(names((await search('fernandes')).people)).toEqual(['Lucía Fernández']);
    // A private profile shows a stranger its card and nothing more.
    const privateCard = (await search('lucila')).people.items[0] as Record<string, unknown>;
    expect(JSON.stringify(privateCard)).not.toContain('Nadie debería leer esto');

    // Never yourself, and never someone blocked either way, even among the near names a typo search adds.
    expect(names((await search('lucas', lucas.cookie)).people)).not.toContain('Lucas Martín');
    expect((await call('PUT', `/api/blocks/${lucas.id}`, viewer.cookie)).statusCode).toBe(200);
    expect(names((await search('luc', viewer.cookie)).people).sort()).toEqual([
      'Lucila Privada',
      'Lucía Fernández',
    ]);
    expect(names((await search('lucas', viewer.cookie)).people)).not.toContain('Lucas Martín');
    const viewerName = (await (await call('GET', '/api/me/profile', viewer.cookie)).json()).name as string;
    expect(names((await search(viewerName)).people)).toContain(viewerName);
    expect(names((await search(viewerName, lucas.cookie)).people)).not.toContain(viewerName);
    const list = await call('GET', '/api/users/search?q=luc', viewer.cookie);
    expect(
      list
        .json()
        .items.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Lucila Privada', 'Lucía Fernández']);
  });

  it('finds an edited club at once under its new name and no longer under the old one', async () => {
    const renamed = await call('PATCH', `/api/manage/clubs/${clubs.boveda}`, admin.cookie, {
      name: 'Sala Cúpula',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names((await search('cupula')).clubs)).toEqual(['Sala Cúpula']);
    expect((await search('boveda')).clubs.items).toEqual([]);
    // Its events carry the club's name in their text too.
    expect(names((await search('cupula')).events)).toContain('Bóveda Underground');
  });

  it("reads the engine's index, and npm run search:rebuild rebuilds it from the rows", async () => {
    const db = t.app.db;
    if (dialect === 'sqlite') {
      // Emptied, the index finds nothing: the search reads it, not the rows.
      await sql`insert into clubs_fts(clubs_fts) values ('delete-all')`.execute(db);
      expect((await search('kapital')).clubs.items).toEqual([]);
    }
    await rebuildSearchIndexes(db, dialect);
    expect(names((await search('kapital')).clubs)).toEqual(['Kápital']);
    expect(await searchIndexBytes(db, dialect)).toBeGreaterThan(0);
  });

  it('answers 400 for an empty or too long query and limits visitors per IP, not people signed in', async () => {
    const empty = await call('GET', '/api/search?q=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.field).toBe('q');
    expect((await call('GET', `/api/search?q=${'a'.repeat(101)}`)).statusCode).toBe(400);

    const ip = freshIp();
    const asVisitor = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip } });
    let last = 0;
    for (let i = 0; i < 120; i++) last = (await asVisitor('/api/search?q=kapital')).statusCode;
    expect(last).toBe(200);
    const limited = await asVisitor('/api/search?q=kapital');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_SEARCHES');
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // The people list has its own count per IP, with the same limit.
    const otherIp = freshIp();
    const listAsVisitor = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/search?q=luc',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': otherIp },
      });
    for (let i = 0; i < 120; i++) last = (await listAsVisitor()).statusCode;
    expect(last).toBe(200);
    expect((await listAsVisitor()).statusCode).toBe(429);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=kapital',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip, cookie: viewer.cookie },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
