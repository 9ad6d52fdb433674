// Child process of the wall benchmark: the real app on a SQLite file (or PostgreSQL with DATABASE_URL), driven by
// IPC: people with sessions and a ticket for one event under way, its RSS (now, and the peak sampled every 50 ms
// between 'rssWatch' and 'rssPeak'), and the image pipeline timed alone.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { uuidv7 } from 'uuidv7';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { processSnapshotPhotos } from '../apps/server/src/features/wall/images.ts';
import { sessionUser } from './session-users.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, { logger: false });
await app.listen({ port: config.port, host: '127.0.0.1' });

type Message =
  | { type: 'event' }
  | { type: 'users'; count: number; eventId: string }
  | { type: 'rss' }
  | { type: 'rssWatch' }
  | { type: 'rssPeak' }
  | { type: 'pipeline'; front: string; back: string; runs: number };

async function event(): Promise<string> {
  const clubId = await insertClub(app.db, {
    slug: `sala-bench-${Date.now()}`,
    name: 'Sala Bench',
    barrio: 'Malasaña',
    openingDays: ['FRI'],
  });
  const start = new Date(Date.now() - 3600_000);
  return insertEvent(
    app.db,
    {
      slug: `muro-bench-${Date.now()}`,
      clubId,
      name: 'Muro bench',
      startAt: start,
      endAt: new Date(start.getTime() + 7 * 3600_000),
      gallery: 'attendees',
      wallModeration: 'post',
      ticketTypes: [{ name: 'General', priceCents: 1500, capacity: 10_000 }],
    },
    'Sala Bench',
  );
}

// People with a session (session-users.ts) and a valid ticket for the event.
async function makeUsers(count: number, eventId: string) {
  const now = new Date().toISOString();
  const tag = crypto.randomUUID().slice(0, 8);
  const users: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await sessionUser(app.db, config.authSecret!, `wall-bench-${tag}-${i}`, `Persona ${i}`, now);
    await app.db
      .insertInto('tickets')
      .values({
        id: uuidv7(),
        event_id: eventId,
        user_id: user.id,
        ticket_type_id: null,
        type: 'general',
        price_cents: 1500,
        currency: 'EUR',
        status: 'valid',
        check_in_at: null,
        qr_code: uuidv7(),
        created_at: now,
      })
      .execute();
    users.push(user);
  }
  return users;
}

// The image pipeline alone (both photos, two sizes each), one snapshot after another, in milliseconds.
async function pipeline(front: string, back: string, runs: number) {
  const f = Buffer.from(front, 'base64');
  const b = Buffer.from(back, 'base64');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await processSnapshotPhotos(f, b);
    times.push(performance.now() - start);
  }
  return times;
}

// The peak RSS while the load runs: sampled on a timer, so a short spike between samples can be missed.
let peak = 0;
let sampler: NodeJS.Timeout | undefined;
const sample = () => void (peak = Math.max(peak, process.memoryUsage().rss));

process.on('message', (message: Message) => {
  const reply = (value: unknown) => process.send!({ type: message.type, value });
  if (message.type === 'event') void event().then(reply);
  if (message.type === 'users') void makeUsers(message.count, message.eventId).then(reply);
  if (message.type === 'rss') reply(process.memoryUsage().rss);
  if (message.type === 'rssWatch') {
    peak = 0;
    sample();
    clearInterval(sampler);
    sampler = setInterval(sample, 50);
    reply(peak);
  }
  if (message.type === 'rssPeak') {
    clearInterval(sampler);
    sample();
    reply(peak);
  }
  if (message.type === 'pipeline') void pipeline(message.front, message.back, message.runs).then(reply);
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.send!({ type: 'ready', value: config.port });
