// With card payments on (STRIPE_* set, as `npm run start:stripe` does): the coming nights of the demo CEO's clubs
// get a card-paid type, "Entrada online", beside the ones paid at the door, which stay on sale. The demo CEO then
// sees card orders in their analytics. Its places come out of the aforo the seed keeps off sale (the nights put
// 90 % on sale), so the total never passes the club's aforo. Idempotent: a night that already sells by card is
// left alone, so it runs on every start, on a database seeded by `npm start` too.
import type { Db } from '../db/connect.ts';
import { DEMO_CEO_CLUBS } from './madrid-door.ts';
import * as clock from '../clock.ts';

export const CARD_TYPE_NAME = 'Entrada online';
// The share of the club's aforo the card type sells.
const CARD_SHARE = 0.05;

export async function seedMadridCardTypes(db: Db, now = clock.now()): Promise<number> {
  const events = await db
    .selectFrom('events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .select(['e.id', 'c.capacity'])
    .where('c.slug', 'in', [...DEMO_CEO_CLUBS])
    .where('e.status', '=', 'published')
    .where('e.end_at', '>', now.toISOString())
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ticket_types as tt')
            .select('tt.id')
            .whereRef('tt.event_id', '=', 'e.id')
            .where('tt.kind', '=', 'online'),
        ),
      ),
    )
    .execute();
  if (events.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let added = 0;
    for (const event of events) {
      const types = await trx
        .selectFrom('ticket_types')
        .select(['position', 'price_cents', 'capacity', 'kind', 'hidden', 'name'])
        .where('event_id', '=', event.id)
        .orderBy('position')
        .execute();
      // The same price as the night's General, paid now instead of at the door.
      const general = types.find((t) => t.name === 'General' && !t.hidden && t.kind === 'door');
      if (!general) continue;
      const onSale = types.reduce((n, t) => n + Number(t.capacity), 0);
      const capacity = Math.min(
        Math.round(Number(event.capacity) * CARD_SHARE),
        Number(event.capacity) - onSale,
      );
      if (capacity <= 0) continue;
      await trx
        .insertInto('ticket_types')
        .values({
          id: `${event.id}-online`,
          event_id: event.id,
          position: Math.max(...types.map((t) => Number(t.position))) + 1,
          name: CARD_TYPE_NAME,
          price_cents: general.price_cents,
          currency: 'EUR',
          capacity,
          kind: 'online',
          sales_from: null,
          sales_until: null,
          entry_until: null,
          per_person_limit: 6,
        })
        .execute();
      added++;
    }
    return added;
  });
}
