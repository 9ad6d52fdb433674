// The Madrid dataset scaled up for the benchmark: every club copied `factor` times (its own slug, name and
// events), all written in one transaction through the same writer the seed and the tests use.
import type { Db } from '../apps/server/src/db/connect.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { MADRID_CLUBS, type ClubSeed } from '../apps/server/src/seed/madrid-clubs.ts';
import { buildMadridEvents } from '../apps/server/src/seed/madrid-events.ts';

export async function loadScaledMadrid(
  db: Db,
  factor: number,
  now: Date,
): Promise<{ clubs: number; events: number }> {
  return db.transaction().execute(async (trx) => {
    const clubs: (ClubSeed & { id: string })[] = [];
    for (let copy = 1; copy <= factor; copy++) {
      for (const club of MADRID_CLUBS) {
        const scaled = { ...club, slug: `${club.slug}-${copy}`, name: `${club.name} ${copy}` };
        clubs.push({ ...scaled, id: await insertClub(trx, scaled) });
      }
    }
    const events = buildMadridEvents(clubs, now);
    for (const { clubName, ...event } of events) await insertEvent(trx, event, clubName);
    return { clubs: clubs.length, events: events.length };
  });
}
