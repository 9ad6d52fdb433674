// Shared by the people-* tests: JSON calls as a person (or a visitor), connecting two people through the API,
// and events with tickets so "events they go to" and suggestions have something to find.
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../src/db/connect.ts';
import { insertClub, insertEvent } from '../src/seed/catalogue-writer.ts';
import { now, nowMs } from '../src/clock.ts';
import { TEST_ORIGIN } from './auth-helpers.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(app: FastifyInstance) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}

type Person = { id: string; cookie: string };

export async function connectPeople(app: FastifyInstance, a: Person, b: Person): Promise<void> {
  const call = caller(app);
  const asked = await call('POST', '/api/connections/requests', a.cookie, { userId: b.id });
  if (asked.statusCode !== 200) throw new Error(`request failed: ${asked.statusCode} ${asked.body}`);
  const accepted = await call('POST', `/api/connections/requests/${a.id}/accept`, b.cookie);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
}

let clubCounter = 0;
export async function createEvent(
  db: Db,
  options: { name: string; startsInHours: number; status?: 'published' | 'draft' | 'cancelled' },
): Promise<string> {
  const n = `${process.pid}-${clubCounter++}`;
  const clubId = await insertClub(db, {
    slug: `sala-${n}`,
    name: `Sala ${n}`,
    barrio: 'Malasaña',
    genres: ['techno'],
    openingDays: ['FRI'],
  });
  const start = new Date(nowMs() + options.startsInHours * 3600_000);
  return insertEvent(
    db,
    {
      slug: `evento-${n}`,
      clubId,
      name: options.name,
      startAt: start,
      endAt: new Date(start.getTime() + 6 * 3600_000),
      status: options.status,
      ticketTypes: [{ name: 'General', priceCents: 1500, capacity: 100 }],
    },
    `Sala ${n}`,
  );
}

// A ticket as the tickets feature stores it; only the columns every version of the table has.
export async function giveTicket(db: Db, userId: string, eventId: string, status = 'valid'): Promise<void> {
  await db
    .insertInto('tickets')
    .values({
      id: uuidv7(),
      event_id: eventId,
      user_id: userId,
      ticket_type_id: null,
      type: 'general',
      price_cents: 1500,
      currency: 'EUR',
      status,
      check_in_at: null,
      qr_code: uuidv7(),
      created_at: now().toISOString(),
    })
    .execute();
}
