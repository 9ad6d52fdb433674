// The event page is read in one query (line-up and ticket types as JSON arrays, which SQLite answers as text
// and PostgreSQL as parsed values): every field must come out the same on both engines.
import type { EventDetail } from '@nocturna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClub, insertEvent } from '../../src/seed/catalogue-writer.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';

const HOUR = 3600_000;

describe.each(DIALECTS)('event page on %s', (dialect) => {
  let t: TestApp;
  let eventId: string;
  const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR);
  const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const clubId = await insertClub(t.app.db, {
      slug: 'sala-eco',
      name: 'Sala Eco',
      barrio: 'Chamberí',
      genres: ['house'],
      openingDays: ['FRI', 'SAT'],
      address: 'Calle del Eco 5',
      latitude: 40.43,
      longitude: -3.7,
    });
    eventId = await insertEvent(
      t.app.db,
      {
        slug: 'eco-all-night',
        clubId,
        name: 'Eco "All Night" · Ñu',
        startAt: start,
        endAt: at(7),
        genres: ['house'],
        lineup: [
          { djName: 'Alba "Warm-up"', startsAt: start, endsAt: at(2) },
          { djName: 'Nébula', startsAt: at(2), endsAt: at(5) },
          { djName: 'Sin Horario' },
        ],
        ticketTypes: [
          { name: 'Anticipada', priceCents: 1200, capacity: 200 },
          { name: 'Lista de RRPP', priceCents: 800, capacity: 50, hidden: true },
          { name: 'Taquilla', priceCents: 1800, capacity: 100 },
        ],
      },
      'Sala Eco',
    );
    await insertEvent(
      t.app.db,
      { slug: 'eco-vacio', clubId, name: 'Eco vacío', startAt: at(24), endAt: at(30) },
      'Sala Eco',
    );
  });
  afterAll(async () => t?.close());

  it('answers the line-up in order with set times in UTC, the public ticket types in order, and the club', async () => {
    const res = await t.app.inject('/api/events/eco-all-night');
    expect(res.statusCode).toBe(200);
    const event = res.json<EventDetail>();
    expect(event.name).toBe('Eco "All Night" · Ñu');
    expect(event.lineup).toEqual([
      { djName: 'Alba "Warm-up"', startsAt: start.toISOString(), endsAt: at(2).toISOString() },
      { djName: 'Nébula', startsAt: at(2).toISOString(), endsAt: at(5).toISOString() },
      { djName: 'Sin Horario', startsAt: null, endsAt: null },
    ]);
    expect(event.ticketTypes).toEqual([
      { id: `${eventId}-tt1`, name: 'Anticipada', price: { cents: 1200, currency: 'EUR' }, capacity: 200 },
      { id: `${eventId}-tt3`, name: 'Taquilla', price: { cents: 1800, currency: 'EUR' }, capacity: 100 },
    ]);
    expect(event.club).toMatchObject({
      slug: 'sala-eco',
      name: 'Sala Eco',
      barrio: 'Chamberí',
      genres: ['house'],
      openingDays: ['FRI', 'SAT'],
      address: 'Calle del Eco 5',
      latitude: 40.43,
      longitude: -3.7,
    });
  });

  it('answers empty arrays for an event with no line-up and no ticket types, and 404 for an unknown one', async () => {
    const empty = await t.app.inject('/api/events/eco-vacio');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<EventDetail>()).toMatchObject({ lineup: [], ticketTypes: [], minPrice: null });
    const unknown = await t.app.inject('/api/events/no-existe');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('EVENT_NOT_FOUND');
  });
});
