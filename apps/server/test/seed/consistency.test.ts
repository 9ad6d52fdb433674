// The Madrid seed reads as real nights whatever day it runs: an event whose name says a weekday is on that night
// (Madrid's night, 06:00 to 06:00), its club opens that night, and every DJ its description names is on its line-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madridWeekday, type Weekday } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { pinClock } from '../../src/clock.ts';
import { seedMadridIfEmpty } from '../../src/seed/madrid.ts';
import { seedMadridDoor } from '../../src/seed/madrid-door.ts';
import { seedMadridPartners } from '../../src/seed/madrid-partners.ts';
import { MADRID_CLUBS } from '../../src/seed/madrid-clubs.ts';
import { buildMadridEvents } from '../../src/seed/madrid-events.ts';

// Weekday words in Spanish and English, as a name might say them ("Jueves Universitario", "R&B Sundays").
const WEEKDAY_WORDS: [RegExp, Weekday][] = [
  [/\b(lunes|mondays?)\b/i, 'MON'],
  [/\b(martes|tuesdays?)\b/i, 'TUE'],
  [/(miércoles|miercoles|\bwednesdays?\b)/i, 'WED'],
  [/\b(jueves|thursdays?)\b/i, 'THU'],
  [/\b(viernes|fridays?)\b/i, 'FRI'],
  [/(sábado|sabado|\bsaturdays?\b)/i, 'SAT'],
  [/\b(domingos?|sundays?)\b/i, 'SUN'],
];

function weekdaysNamed(text: string): Weekday[] {
  return WEEKDAY_WORDS.filter(([re]) => re.test(text)).map(([, day]) => day);
}

type SeededEvent = {
  name: string;
  description: string;
  startAt: Date;
  openingDays: string[];
  lineup: string[];
};

// Every problem found, one line each, so a failure says which event broke which rule.
function problems(events: SeededEvent[], djNames: Set<string>): string[] {
  const found: string[] = [];
  for (const e of events) {
    const night = madridWeekday(e.startAt);
    for (const day of weekdaysNamed(e.name))
      if (day !== night) found.push(`${e.name} names ${day} but is the night of ${night}`);
    if (!e.openingDays.includes(night))
      found.push(`${e.name} is on ${night}, a night its club (${e.openingDays.join(',')}) is closed`);
    for (const dj of djNames)
      if (e.description.includes(dj) && !e.lineup.includes(dj))
        found.push(`${e.name}: the description names ${dj}, the line-up is ${e.lineup.join(', ')}`);
  }
  return found;
}

describe('the Madrid programme on any day', () => {
  // Two weeks of start days, at the awkward hours, and both clock changes.
  const starts = [
    ...Array.from({ length: 14 }, (_, d) => new Date(Date.UTC(2026, 10, 23 + d, 2, 48))),
    ...Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2026, 10, 23 + d, 5, 1))),
    new Date('2026-03-28T23:30:00Z'),
    new Date('2026-10-24T22:30:00Z'),
  ];
  it.each(starts.map((s) => [s.toISOString(), s] as const))(
    'built at %s, names, weekdays, opening days and line-ups agree',
    (_label, at) => {
      const clubs = MADRID_CLUBS.map((c) => ({ ...c, id: c.slug }));
      const events = buildMadridEvents(clubs, at);
      expect(events.length).toBeGreaterThan(100);
      const djNames = new Set(events.flatMap((e) => (e.lineup ?? []).map((l) => l.djName)));
      const seeded = events.map((e) => ({
        name: e.name,
        description: e.description ?? '',
        startAt: e.startAt,
        openingDays: clubs.find((c) => c.id === e.clubId)!.openingDays,
        lineup: (e.lineup ?? []).map((l) => l.djName),
      }));
      expect(problems(seeded, djNames)).toEqual([]);
      // Every night of the six weeks has something on, Mondays included.
      const nights = new Set(seeded.map((e) => madridWeekday(e.startAt)));
      expect([...nights].sort()).toEqual(['FRI', 'MON', 'SAT', 'SUN', 'THU', 'TUE', 'WED']);
    },
  );
});

describe.each(DIALECTS)('the seeded database on %s', (dialect) => {
  let t: TestApp;
  let unpin: () => void;

  beforeAll(async () => {
    // Sunday 29 November, 03:48 in Madrid: still Saturday night.
    unpin = pinClock('2026-11-29T03:48:00+01:00');
    t = await createTestApp(dialect);
    await seedMadridIfEmpty(t.app.db);
    await seedMadridDoor(t.app.db);
    await seedMadridPartners(t.app.db, t.app.ticketSigner);
  });
  afterAll(async () => {
    unpin();
    await t.close();
  });

  it('every seeded event: a weekday in its name is its night, its club opens that night, its DJs are on its line-up', async () => {
    const rows = await t.app.db
      .selectFrom('events as e')
      .innerJoin('clubs as c', 'c.id', 'e.club_id')
      .select(['e.id', 'e.name', 'e.description', 'e.start_at', 'c.opening_days'])
      .execute();
    const lineups = await t.app.db.selectFrom('event_lineup').select(['event_id', 'dj_name']).execute();
    const djNames = new Set(lineups.map((l) => l.dj_name));
    const seeded = rows.map((r) => ({
      name: r.name,
      description: r.description,
      startAt: new Date(r.start_at),
      openingDays: r.opening_days.split(','),
      lineup: lineups.filter((l) => l.event_id === r.id).map((l) => l.dj_name),
    }));
    expect(seeded.length).toBeGreaterThan(100);
    // The demo DJ took the opening slot of some nights: they are named where they play.
    expect(
      seeded.some((e) => e.lineup.includes('Diego Jiménez') && e.description.includes('Diego Jiménez')),
    ).toBe(true);
    expect(problems(seeded, djNames)).toEqual([]);
  });
});
