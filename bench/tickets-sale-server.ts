// Child process of the flash-sale benchmark: the real app (SQLite file or a PostgreSQL schema) on one port.
// Driven by IPC: make buyers with sessions, put a new event on sale with N places, and count what was sold.
import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { startWorkerProcess } from '../apps/server/src/jobs/worker-process.ts';
import { LISTEN_BACKLOG, loadConfig } from '../apps/server/src/config.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { userRow } from './user-rows.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
});
const schema = process.env.BENCH_PG_SCHEMA;
if (config.database.kind === 'postgres' && schema) config.database.schema = schema;
const app = await buildApp(config, { logger: false });
// 2,000 phones connecting in the same instant: the same listen queue as main.ts.
await app.listen({ port: config.port, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
// As `npm start` runs it: with JOB_WORKER=child the side work (ticket mails, pushes) runs in worker.ts beside
// the server; JOB_WORKER=inline runs it on this process's own loop (how it was before the worker existed).
const worker =
  config.jobWorker === 'child'
    ? startWorkerProcess(app.log, {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SEED_ON_START: 'false',
        ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      })
    : null;
// The server's event-loop delay, read and restarted by each { type: 'cpu' } (so per wave).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

type Message =
  | { type: 'users'; count: number }
  | { type: 'sale'; places: number }
  | { type: 'count'; typeId: string }
  | { type: 'cpu' }
  | { type: 'jobs' };

// Sessions written straight to their table and signed like better-auth's cookie: signing up 2,000 people through
// argon2 would take minutes and measure nothing this benchmark is about. Each request is still authenticated by
// better-auth reading the session from the database.
async function makeUsers(count: number) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const tag = crypto.randomUUID().slice(0, 8);
  const users = Array.from({ length: count }, (_, i) => ({
    id: `buyer-${tag}-${i}`,
    token: crypto.randomBytes(24).toString('base64url'),
  }));
  for (let i = 0; i < users.length; i += 250) {
    const chunk = users.slice(i, i + 250);
    await app.db
      .insertInto('users')
      .values(chunk.map((u, j) => userRow(u.id, `Comprador ${i + j}`, now)))
      .execute();
    await app.db
      .insertInto('sessions')
      .values(
        chunk.map((u) => ({
          id: `s-${u.id}`,
          user_id: u.id,
          token: u.token,
          expires_at: expires,
          ip_address: null,
          user_agent: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return users.map((u) => {
    const signature = crypto.createHmac('sha256', config.authSecret!).update(u.token).digest('base64');
    return `nocturna.session_token=${encodeURIComponent(`${u.token}.${signature}`)}`;
  });
}

let sales = 0;
async function newSale(places: number) {
  const n = `${process.pid}-${sales++}`;
  const clubId = await insertClub(app.db, {
    slug: `bench-sala-${n}`,
    name: `Sala ${n}`,
    barrio: 'Centro',
    openingDays: ['FRI', 'SAT'],
  });
  const start = new Date(Date.now() + 3 * 86_400_000);
  const eventId = await insertEvent(
    app.db,
    {
      slug: `bench-noche-${n}`,
      clubId,
      name: `Preventa flash ${n}`,
      startAt: start,
      endAt: new Date(start.getTime() + 6 * 3_600_000),
      ticketTypes: [{ name: 'General', priceCents: 1500, capacity: places, perPersonLimit: 4 }],
    },
    `Sala ${n}`,
  );
  return `${eventId}-tt1`;
}

async function count(typeId: string) {
  const type = await app.db
    .selectFrom('ticket_types')
    .select('sold')
    .where('id', '=', typeId)
    .executeTakeFirstOrThrow();
  const tickets = await app.db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket_type_id', '=', typeId)
    .executeTakeFirstOrThrow();
  return { sold: Number(type.sold), tickets: Number(tickets.n) };
}

process.on('message', (message: Message) => {
  const reply = (value: unknown) => process.send!({ type: message.type, value });
  if (message.type === 'users') void makeUsers(message.count).then(reply);
  if (message.type === 'sale') void newSale(message.places).then(reply);
  if (message.type === 'count') void count(message.typeId).then(reply);
  if (message.type === 'cpu') {
    reply({
      cpu: process.cpuUsage(),
      workerMs: worker?.cpuMs() ?? 0,
      loop: {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      },
    });
    loopDelay.reset();
  }
  if (message.type === 'jobs') void pendingJobs().then(reply);
});
// Side work still waiting (queued or running) when the wave is over: what the worker has yet to do.
async function pendingJobs() {
  const row = await app.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
process.on('SIGTERM', () => void Promise.all([app.close(), worker?.stop()]).then(() => process.exit(0)));
process.send!({ type: 'ready', value: config.port });
