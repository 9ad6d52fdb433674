// Shared by the discovery-* tests: clubs placed on the map with events relative to now, tickets bought through
// the real API, and tickets "sold" days ago (a fixture row, the tickets feature's own columns).
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { rangeFor } from '@nocturna/shared';
import { insertClub, insertEvent, type NewTicketType } from '../src/seed/catalogue-writer.ts';
import { now as clockNow, nowMs } from '../src/clock.ts';
import { buy } from './tickets-fixture.ts';

const HOUR = 3600_000;
let n = 0;

export type Place = { barrio: string; lat: number; lng: number };
export const PLACES = {
  sol: { barrio: 'Centro', lat: 40.4169, lng: -3.7035 },
  malasana: { barrio: 'Malasaña', lat: 40.4262, lng: -3.7045 },
  salamanca: { barrio: 'Salamanca', lat: 40.4255, lng: -3.6843 },
  tetuan: { barrio: 'Tetuán', lat: 40.4603, lng: -3.6989 },
} satisfies Record<string, Place>;

export async function placeClub(app: FastifyInstance, place: Place, genres = ['techno']) {
  const id = `${process.pid}-${n++}`;
  const name = `Sala Mapa ${id}`;
  const clubId = await insertClub(app.db, {
    slug: `sala-mapa-${id}`,
    name,
    barrio: place.barrio,
    latitude: place.lat,
    longitude: place.lng,
    address: 'Calle Mayor 1, Madrid',
    genres,
    openingDays: ['FRI', 'SAT'],
  });
  return { id: clubId, name };
}

export async function placeEvent(
  app: FastifyInstance,
  club: { id: string; name: string },
  options: {
    start: Date;
    hours?: number;
    genres?: string[];
    minimumAge?: number;
    types?: NewTicketType[];
    status?: 'published' | 'draft' | 'cancelled';
  },
) {
  const id = `${process.pid}-${n++}`;
  return insertEvent(
    app.db,
    {
      slug: `noche-mapa-${id}`,
      clubId: club.id,
      name: `Noche Mapa ${id}`,
      startAt: options.start,
      endAt: new Date(options.start.getTime() + (options.hours ?? 6) * HOUR),
      genres: options.genres ?? ['techno'],
      minimumAge: options.minimumAge ?? 18,
      status: options.status ?? 'published',
      ticketTypes: options.types ?? [{ name: 'General', priceCents: 1500, capacity: 100 }],
    },
    club.name,
  );
}

// Instants that fall where a test needs them whatever the hour it runs at.
export function moments(now = clockNow()) {
  const tonight = rangeFor('hoy', now);
  const weekend = rangeFor('finde', now);
  return {
    // Under way now: tonight and open now.
    live: new Date(now.getTime() - HOUR),
    // Later tonight, before the night ends at 06:00.
    laterTonight: new Date(now.getTime() + (tonight.to.getTime() - now.getTime()) / 2),
    // The last hour of the weekend (Monday 05:00 in Madrid): in "this weekend" until it is over.
    weekendEnd: new Date(weekend.to.getTime() - HOUR),
  };
}

export async function buyOne(app: FastifyInstance, buyer: { cookie: string }, eventId: string) {
  const res = await buy(app, buyer, { ticketTypeId: `${eventId}-tt1` });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`buy failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { tickets: { id: string }[] }).tickets[0]!.id;
}

// Tickets issued `hoursAgo` hours ago: sales older than the trending window.
export async function oldSales(
  app: FastifyInstance,
  userId: string,
  eventId: string,
  count: number,
  hoursAgo: number,
) {
  const at = new Date(nowMs() - hoursAgo * HOUR).toISOString();
  await app.db
    .insertInto('tickets')
    .values(
      Array.from({ length: count }, () => ({
        id: uuidv7(),
        event_id: eventId,
        user_id: userId,
        ticket_type_id: `${eventId}-tt1`,
        type: 'General',
        price_cents: 1500,
        currency: 'EUR',
        status: 'valid',
        check_in_at: null,
        qr_code: uuidv7(),
        created_at: at,
      })),
    )
    .execute();
}
