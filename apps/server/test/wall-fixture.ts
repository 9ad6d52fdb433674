// The live wall's test helpers: events placed relative to now with their gallery and moderation, people with a
// ticket (or let in), club staff, real photos (with GPS in their EXIF) and the multipart post itself.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import type { Snapshot } from '@nocturna/shared';
import { insertClub, insertEvent } from '../src/seed/catalogue-writer.ts';
import { insertStaff } from '../src/features/club-staff/index.ts';
import { now, nowMs } from '../src/clock.ts';
import { TEST_ORIGIN } from './auth-helpers.ts';
import { person, type Person } from './door-fixture.ts';
import { giveTicket } from './people-helpers.ts';

const HOUR = 3600_000;
let counter = 0;

export async function wallEvent(
  app: FastifyInstance,
  options: {
    startsInHours?: number;
    hours?: number;
    gallery?: 'attendees' | 'public';
    moderation?: 'pre' | 'post';
    status?: 'published' | 'draft' | 'cancelled';
  } = {},
) {
  const n = `${process.pid}-${counter++}`;
  const clubId = await insertClub(app.db, {
    slug: `sala-muro-${n}`,
    name: `Sala Muro ${n}`,
    barrio: 'Malasaña',
    openingDays: ['FRI', 'SAT'],
  });
  const start = new Date(nowMs() + (options.startsInHours ?? -1) * HOUR);
  const eventId = await insertEvent(
    app.db,
    {
      slug: `noche-muro-${n}`,
      clubId,
      name: `Noche Muro ${n}`,
      startAt: start,
      endAt: new Date(start.getTime() + (options.hours ?? 6) * HOUR),
      status: options.status ?? 'published',
      gallery: options.gallery ?? 'public',
      wallModeration: options.moderation ?? 'post',
      ticketTypes: [{ name: 'General', priceCents: 1500, capacity: 100 }],
    },
    `Sala Muro ${n}`,
  );
  return { clubId, eventId };
}

export async function holder(app: FastifyInstance, eventId: string, status = 'valid'): Promise<Person> {
  const p = await person(app);
  await giveTicket(app.db, p.id, eventId, status);
  return p;
}

export async function staff(app: FastifyInstance, clubId: string, role: 'owner' | 'door'): Promise<Person> {
  const p = await person(app, role === 'owner' ? 'ceo' : undefined);
  await insertStaff(app.db, { clubId, userId: p.id, role, addedBy: p.id, at: now().toISOString() });
  return p;
}

export async function photo(color = '#1d4ed8', width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Nocturna' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } })
    .toBuffer();
}

type Part = { name: string; data: Buffer; filename?: string };

export function multipart(parts: Part[]) {
  const boundary = `----muro${uuidv7()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let shared: { front: Buffer; back: Buffer } | undefined;
export async function photos() {
  shared ??= { front: await photo('#f43f5e', 600, 800), back: await photo('#1d4ed8', 1600, 1200) };
  return shared;
}

export async function post(
  app: FastifyInstance,
  who: { cookie: string } | null,
  eventId: string,
  options: { front?: Buffer | null; back?: Buffer | null; caption?: string } = {},
) {
  const base = await photos();
  const parts: Part[] = [];
  const front = options.front === undefined ? base.front : options.front;
  const back = options.back === undefined ? base.back : options.back;
  if (front) parts.push({ name: 'front', data: front, filename: 'front.jpg' });
  if (back) parts.push({ name: 'back', data: back, filename: 'back.jpg' });
  if (options.caption !== undefined) parts.push({ name: 'caption', data: Buffer.from(options.caption) });
  const form = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/wall/events/${eventId}/snapshots`,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': form.contentType,
      ...(who ? { cookie: who.cookie } : {}),
    },
    payload: form.payload,
  });
}

export async function posted(
  app: FastifyInstance,
  who: { cookie: string },
  eventId: string,
  caption?: string,
) {
  const response = await post(app, who, eventId, { caption });
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  return response.json() as Snapshot;
}

// Lets the next post through the 30 s limit without waiting: the last post moved back in time.
export async function pastInterval(app: FastifyInstance, eventId: string, userId: string) {
  await app.db
    .updateTable('wall_posters')
    .set({ last_posted_at: new Date(nowMs() - 31_000).toISOString() })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .execute();
}

export { person, type Person };
