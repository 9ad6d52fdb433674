// The discovery benchmark's people: PEOPLE users, the first FRIENDS connected to the person, TICKETS tickets over
// the upcoming events (half bought in the last 24 hours, every other one a friend's), and the person let in at
// 20 clubs. Also used to profile the queries behind explore and "Novedades" on the same data.
import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/server/src/db/connect.ts';
import { userRow } from './user-rows.ts';

export const TICKETS = 30_000;
export const PEOPLE = 3_000;
export const FRIENDS = 200;
const HOUR = 3600_000;

// Returns the upcoming published events the tickets went to.
export async function loadDiscoveryPeople(db: Db, me: string, now: Date) {
  const stamp = now.toISOString();
  for (let i = 0; i < PEOPLE; i += 1000)
    await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, PEOPLE - i) }, (_, k) =>
          userRow(`bp${i + k}`, `Persona ${i + k}`, stamp),
        ),
      )
      .execute();
  const events = await db
    .selectFrom('events')
    .select(['id', 'club_id', 'start_at'])
    .where('status', '=', 'published')
    .where('end_at', '>', stamp)
    .execute();
  await db.transaction().execute(async (trx) => {
    // Connections: the person and the first FRIENDS people.
    await trx
      .insertInto('connections')
      .values(
        Array.from({ length: FRIENDS }, (_, k) => ({
          id: randomUUID(),
          pair_key: [me, `bp${k}`].sort().join(':'),
          requester_id: me,
          addressee_id: `bp${k}`,
          status: 'accepted' as const,
          created_at: stamp,
          accepted_at: stamp,
        })),
      )
      .execute();
    for (let i = 0; i < TICKETS; i += 1000) {
      const tickets = [];
      for (let n = i; n < Math.min(TICKETS, i + 1000); n++) {
        const ev = events[(n * 7919) % events.length]!;
        tickets.push({
          id: `bt${n}`,
          event_id: ev.id,
          // Every other ticket of the first 200 people belongs to a friend.
          user_id: `bp${n % 2 === 0 ? n % FRIENDS : n % PEOPLE}`,
          ticket_type_id: `${ev.id}-tt1`,
          type: 'General',
          price_cents: 1500,
          currency: 'EUR',
          status: n % 40 === 0 ? 'cancelled' : 'valid',
          check_in_at: null,
          qr_code: randomUUID(),
          // Half in the last 24 hours, half over the two days before.
          created_at: new Date(
            now.getTime() - (n % 2 === 0 ? (n % 23) + 0.5 : 24 + (n % 47)) * HOUR,
          ).toISOString(),
        });
      }
      await trx.insertInto('tickets').values(tickets).execute();
    }
    // The person went to 20 clubs: a ticket of theirs let in at each.
    const visited = [...new Set(events.map((e) => e.club_id))].slice(0, 20);
    for (const [k, clubId] of visited.entries()) {
      const ev = events.find((e) => e.club_id === clubId)!;
      await trx
        .insertInto('tickets')
        .values({
          id: `mine${k}`,
          event_id: ev.id,
          user_id: me,
          ticket_type_id: `${ev.id}-tt1`,
          type: 'General',
          price_cents: 1500,
          currency: 'EUR',
          status: 'used',
          check_in_at: stamp,
          qr_code: randomUUID(),
          created_at: stamp,
        })
        .execute();
      await trx
        .insertInto('check_ins')
        .values({
          id: `ci${k}`,
          ticket_id: `mine${k}`,
          event_id: ev.id,
          staff_user_id: null,
          door: 'Puerta',
          client_id: null,
          scanned_at: stamp,
          synced_at: stamp,
          offline: false,
          outcome: 'admitted',
          method: 'qr',
        })
        .execute();
    }
  });
  return events;
}
