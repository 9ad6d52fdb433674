// "hoy", "mañana" and "este finde" are nights in Europe/Madrid: a night runs from 06:00 to 06:00, so a
// party starting at 01:30 on Thursday belongs to Wednesday night. Computed with a fixed `now`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../../src/features/events/service.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';

// Madrid is UTC+2 in June and UTC+1 in late March until the clocks change on Sunday 29 March 2026.
const madrid = (local: string, offset: '+01:00' | '+02:00') => new Date(`${local}${offset}`);

describe.each(DIALECTS)('when=hoy|manana|finde on %s', (dialect) => {
  let t: TestApp;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const clubId = await insertClub(t.app.db, {
      slug: 'sala',
      name: 'Sala',
      barrio: 'Centro',
      openingDays: ['WED', 'THU', 'FRI', 'SAT', 'SUN'],
    });
    const starts: Record<string, Date> = {
      'wed-2330': madrid('2025-06-11T23:30:00', '+02:00'),
      'thu-0130': madrid('2025-06-12T01:30:00', '+02:00'),
      'thu-2359': madrid('2025-06-12T23:59:00', '+02:00'),
      'sat-0030': madrid('2025-06-14T00:30:00', '+02:00'),
      'sun-2300': madrid('2025-06-15T23:00:00', '+02:00'),
      'mon-0700': madrid('2025-06-16T07:00:00', '+02:00'),
      'dst-fri-2300': madrid('2026-03-27T23:00:00', '+01:00'),
      'dst-sun-2330': madrid('2026-03-29T23:30:00', '+02:00'),
      'dst-mon-0530': madrid('2026-03-30T05:30:00', '+02:00'),
      'dst-mon-0630': madrid('2026-03-30T06:30:00', '+02:00'),
    };
    for (const [slug, startAt] of Object.entries(starts)) {
      ids.set(
        slug,
        await insertEvent(
          t.app.db,
          { slug, clubId, name: slug, startAt, endAt: new Date(startAt.getTime() + 4 * 3600_000) },
          'Sala',
        ),
      );
    }
  });
  afterAll(async () => t.close());

  async function slugsFor(when: 'hoy' | 'manana' | 'finde', now: Date): Promise<string[]> {
    const page = await listEvents(t.app.db, { when, limit: 100 }, now);
    return page.items.map((e) => e.slug);
  }

  // Wednesday 11 June 2025, 20:00 in Madrid.
  const wednesdayEvening = madrid('2025-06-11T20:00:00', '+02:00');

  it('hoy is tonight, including the early hours after midnight', async () => {
    expect(await slugsFor('hoy', wednesdayEvening)).toEqual(['wed-2330', 'thu-0130']);
  });

  it('at 03:00 "hoy" is still the night under way, without what already ended', async () => {
    expect(await slugsFor('hoy', madrid('2025-06-12T03:00:00', '+02:00'))).toEqual(['wed-2330', 'thu-0130']);
    expect(await slugsFor('hoy', madrid('2025-06-12T04:00:00', '+02:00'))).toEqual(['thu-0130']);
  });

  it('manana is the next night', async () => {
    expect(await slugsFor('manana', wednesdayEvening)).toEqual(['thu-2359']);
  });

  it('finde runs from Friday 06:00 to Monday 06:00', async () => {
    expect(await slugsFor('finde', wednesdayEvening)).toEqual(['sat-0030', 'sun-2300']);
  });

  it('on a Saturday, finde is the weekend under way', async () => {
    expect(await slugsFor('finde', madrid('2025-06-14T18:00:00', '+02:00'))).toEqual(['sun-2300']);
  });

  it('finde across the spring clock change ends at 06:00 summer time on Monday', async () => {
    expect(await slugsFor('finde', madrid('2026-03-27T20:00:00', '+01:00'))).toEqual([
      'dst-fri-2300',
      'dst-sun-2330',
      'dst-mon-0530',
    ]);
  });

  it('is exposed through HTTP as ?when=, on the real clock', async () => {
    for (const when of ['hoy', 'manana', 'finde'] as const) {
      const res = await t.app.inject(`/api/events?when=${when}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(await listEvents(t.app.db, { when, limit: 100 }, new Date()));
    }
  });
});
