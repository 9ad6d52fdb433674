// The search box's events for a broad query on PostgreSQL: a few letters typed ("mar") match more events than the
// group orders by sales (GROUP_SAMPLE), and still the event named so comes first, then the one whose name starts
// so, then the best-selling of the soonest matches. SQLite samples its own way (its text index's newest matches),
// so this is PostgreSQL's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_SAMPLE, textSearchFor } from '../../src/db/text-search.ts';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test-app.ts';
import { searchEvents } from '../../src/features/events/index.ts';

const DAY = 24 * 3600_000;
const NOW = new Date('2026-12-02T12:00:00.000Z');

describe.runIf(DIALECTS.includes('postgres'))('event search on postgres, a broad query', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const db = t.app.db;
    const clubId = await insertClub(db, {
      slug: 'sala-amplia',
      name: 'Sala Amplia',
      barrio: 'Centro',
      genres: ['techno'],
      openingDays: ['FRI', 'SAT'],
    });
    const night = (slug: string, name: string, startsInDays: number) =>
      insertEvent(
        db,
        {
          slug,
          clubId,
          name,
          startAt: new Date(NOW.getTime() + startsInDays * DAY),
          endAt: new Date(NOW.getTime() + startsInDays * DAY + 6 * 3600_000),
          ticketTypes: [{ name: 'General', priceCents: 1000, capacity: 100 }],
        },
        'Sala Amplia',
      );
    // The named ones start last, after every other match.
    ids.exact = await night('mar', 'Mar', 400);
    ids.prefix = await night('mareas', 'Mareas', 300);
    // More matches than the sample, one a day from tomorrow: "mar" inside the name.
    for (let i = 1; i <= GROUP_SAMPLE + 20; i++)
      ids[`n${i}`] = await night(`noche-de-marzo-${i}`, `Noche de marzo ${i}`, i * 0.5);
    const sell = (id: string, sold: number) =>
      db.updateTable('ticket_types').set({ sold }).where('event_id', '=', id).execute();
    // The best-selling of the soonest matches, and a better-selling one beyond the sample.
    await sell(ids.n40!, 90);
    await sell(ids.n7!, 60);
    await sell(ids[`n${GROUP_SAMPLE + 15}`]!, 100);
  }, 120_000);
  afterAll(async () => t.close());

  it('puts the name first, then the name that starts so, then the best-selling of the soonest matches', async () => {
    const ts = await textSearchFor(t.app.db, 'postgres');
    const found = await searchEvents(
      t.app.db,
      ts,
      { terms: ['mar'], range: null, genre: null, barrio: null, limit: 5 },
      NOW,
    );
    expect(found.items.map((e) => e.id)).toEqual([ids.exact, ids.prefix, ids.n40, ids.n7, ids.n1]);
    expect(found.more).toBe(true);
  });
});
