// A small catalogue for the assistant's tests: one techno club with an event tonight, and helpers over the
// real ticket and assistant routes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { rangeFor } from '@nocturna/shared';
import type { Db } from '../src/db/connect.ts';
import { insertClub, insertEvent } from '../src/seed/catalogue-writer.ts';
import { now } from '../src/clock.ts';
import { TEST_ORIGIN } from './auth-helpers.ts';

let counter = 0;

export async function technoTonight(db: Db, description = '', capacity = 100) {
  const n = `${process.pid}${counter++}`;
  const clubId = await insertClub(db, {
    slug: `bunker-${n}`,
    name: `Búnker ${n}`,
    barrio: 'Lavapiés',
    openingDays: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
    address: 'Calle del Ave María 10, Madrid',
    genres: ['techno'],
    minimumAge: 18,
  });
  // Two hours from now, but never past the end of tonight's night (06:00 in Madrid), so it is "esta noche"
  // whenever the test runs, also between 04:00 and 06:00 when two hours from now is already tomorrow's night.
  const at = now();
  const nightEnd = rangeFor('hoy', at).to.getTime();
  const start = new Date(Math.min(at.getTime() + 2 * 3600_000, nightEnd - 60_000));
  const name = `Hormigón ${n} · Búnker ${n}`;
  const eventId = await insertEvent(
    db,
    {
      slug: `hormigon-${n}`,
      clubId,
      name,
      description,
      startAt: start,
      endAt: new Date(start.getTime() + 5 * 3600_000),
      genres: ['techno'],
      ticketTypes: [{ name: 'General', priceCents: 1200, capacity, perPersonLimit: 4 }],
    },
    `Búnker ${n}`,
  );
  return { clubId, eventId, name, typeId: `${eventId}-tt1` };
}

export function getTicket(app: FastifyInstance, cookie: string, ticketTypeId: string, quantity = 1) {
  return app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: { origin: TEST_ORIGIN, cookie, 'idempotency-key': randomUUID() },
    payload: { ticketTypeId, quantity },
  });
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie },
    ...(payload ? { payload } : {}),
  });
}
