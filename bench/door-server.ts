// Child process of the door benchmark: the real app (SQLite in a fresh DATA_DIR, or a fresh PostgreSQL schema
// when BENCH_DATABASE_URL is given) with one event under way at a club, its holders' tickets signed by the
// app's own key, and door staff with sessions. Kept apart from the load generator so they do not share a
// CPU thread. Sends DoorBenchTargets over IPC once listening; answers { type: 'count' } with the database's
// own count of entries and movements (DoorBenchCount). Used by door.bench.ts and door-fair.bench.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { startWorkerProcess } from '../apps/server/src/jobs/worker-process.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { insertClub, insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { userRow } from './user-rows.ts';

export type DoorBenchTargets = {
  url: string;
  origin: string;
  eventId: string;
  tokens: string[];
  // tokens[i] is the QR of ticketIds[i] (an exit names the ticket, a scan presents its QR).
  ticketIds: string[];
  doors: string[];
  database: string;
};

const TICKETS = Number(process.env.TICKETS ?? 5000);
const DOORS = Number(process.env.DOORS ?? 10);
const SECRET = 'door-bench-secret-0123456789abcdef0123456789';
const port = Number(process.env.PORT);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-door-bench-'));
const schema = databaseUrl ? `door_bench_${process.pid}` : undefined;
const base = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_ON_START: 'false',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  AUTH_SECRET: SECRET,
  // As `npm start` runs it: the side work on a worker process beside the server unless JOB_WORKER=inline.
  JOB_WORKER: process.env.JOB_WORKER ?? 'child',
});
const config: Config = databaseUrl
  ? { ...base, database: { kind: 'postgres', url: databaseUrl, schema } }
  : base;

async function onPostgres(sqlText: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(sqlText);
  await client.end();
}
if (schema) await onPostgres(`CREATE SCHEMA ${schema}`);

const app = await buildApp(config, { logger: false });
const db = app.db;
const now = new Date();
const at = now.toISOString();

const clubId = await insertClub(db, {
  slug: 'sala-banco-de-pruebas',
  name: 'Sala Banco de Pruebas',
  barrio: 'Centro',
  openingDays: ['FRI', 'SAT'],
  capacity: TICKETS,
});
const eventId = await insertEvent(
  db,
  {
    slug: 'noche-banco-de-pruebas',
    clubId,
    name: 'Noche banco de pruebas',
    startAt: new Date(now.getTime() - 3600_000),
    endAt: new Date(now.getTime() + 6 * 3600_000),
    ticketTypes: [{ name: 'General', priceCents: 0, capacity: TICKETS }],
  },
  'Sala Banco de Pruebas',
);
const typeId = `${eventId}-tt1`;

// Holders and their tickets, written straight to the tables with tokens signed by the app's key: getting
// 5,000 tickets through the API would measure the sale, not the door.
const tokens: string[] = [];
const ticketIds: string[] = [];
const issuedAt = Math.floor(now.getTime() / 1000);
for (let i = 0; i < TICKETS; i += 500) {
  const chunk = Array.from({ length: Math.min(500, TICKETS - i) }, (_, j) => ({
    userId: `holder-${i + j}`,
    ticketId: uuidv7(),
  }));
  await db
    .insertInto('users')
    .values(chunk.map((c) => userRow(c.userId, `Persona ${c.userId}`, at, c.userId.replace(/-/g, '_'))))
    .execute();
  const rows = chunk.map((c) => {
    const token = app.ticketSigner.sign({ t: c.ticketId, e: eventId, h: c.userId, i: issuedAt });
    tokens.push(token);
    ticketIds.push(c.ticketId);
    return {
      id: c.ticketId,
      event_id: eventId,
      user_id: c.userId,
      ticket_type_id: typeId,
      type: 'General',
      price_cents: 0,
      currency: 'EUR',
      status: 'valid',
      check_in_at: null,
      qr_code: token,
      created_at: at,
      holder_name: `Persona ${c.userId}`,
      token_issued_at: at,
      payment_status: 'free' as const,
      updated_at: at,
    };
  });
  await db.insertInto('tickets').values(rows).execute();
}
await db.updateTable('ticket_types').set({ sold: TICKETS }).where('id', '=', typeId).execute();

// Door staff of the club, each with a session cookie signed the way better-auth signs it.
const doors: string[] = [];
const expires = new Date(now.getTime() + 86_400_000).toISOString();
for (let i = 0; i < DOORS; i++) {
  const id = `door-${i}`;
  const token = crypto.randomBytes(24).toString('base64url');
  await db
    .insertInto('users')
    .values(userRow(id, `Puerta ${i}`, at, id.replace(/-/g, '_')))
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: `s-${id}`,
      user_id: id,
      token,
      expires_at: expires,
      ip_address: null,
      user_agent: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('club_staff')
    .values({ club_id: clubId, user_id: id, role: 'door', added_by: null, created_at: at })
    .execute();
  const signature = crypto.createHmac('sha256', SECRET).update(token).digest('base64');
  doors.push(`nocturna.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
}

await app.listen({ port, host: '127.0.0.1' });
const worker =
  config.jobWorker === 'child'
    ? startWorkerProcess(app.log, {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_ON_START: 'false',
        AUTH_SECRET: SECRET,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
      })
    : null;
// The server's event-loop delay, read and restarted by { type: 'loop' } (so per stretch of load).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const origin = `http://127.0.0.1:${port}`;
const check = await fetch(`${origin}/api/door/access`, { headers: { cookie: doors[0]! } });
const access = (await check.json()) as { canScan?: boolean };
if (!access.canScan) throw new Error(`door staff cannot scan: ${check.status} ${JSON.stringify(access)}`);

const targets: DoorBenchTargets = {
  url: origin,
  origin,
  eventId,
  tokens,
  ticketIds,
  doors,
  database: databaseUrl ? 'PostgreSQL' : 'SQLite',
};
process.send!(targets);

export type DoorBenchCount = {
  checkIns: number;
  doubleEntries: number;
  used: number;
  exits: number;
  reentries: number;
  // Tickets let back in more often than they went out: a person let in twice after one smoke.
  doubleReentries: number;
  // Tickets whose flag says the person is outside now.
  outside: number;
};

async function count(): Promise<DoorBenchCount> {
  const checkIns = await db
    .selectFrom('check_ins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const doubled = await db
    .selectFrom('check_ins')
    .select('ticket_id')
    .where('event_id', '=', eventId)
    .where('outcome', '=', 'admitted')
    .groupBy('ticket_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  const tickets = await db
    .selectFrom('tickets')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('status', '=', 'used').as('used'),
      eb.fn
        .countAll<number>()
        .filterWhere('status', '=', 'used')
        .filterWhere('outside', '=', true)
        .as('outside'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const moves = await db
    .selectFrom('door_movements')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('kind', '=', 'exit').as('exits'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'reentry').as('reentries'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const reenteredTwice = await db
    .selectFrom('door_movements')
    .select('ticket_id')
    .where('event_id', '=', eventId)
    .groupBy('ticket_id')
    .having(sql<number>`sum(case when kind = 'reentry' then 1 else -1 end)`, '>', 0)
    .execute();
  return {
    checkIns: Number(checkIns.n),
    doubleEntries: doubled.length,
    used: Number(tickets.used),
    exits: Number(moves.exits),
    reentries: Number(moves.reentries),
    doubleReentries: reenteredTwice.length,
    outside: Number(tickets.outside),
  };
}

// The parent asks for the database's own count once the load is over.
process.on('message', (message: { type: string }) => {
  if (message.type === 'loop') {
    process.send!({
      type: 'loop',
      value: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    });
    loopDelay.reset();
  }
  if (message.type !== 'count') return;
  void count().then((value) => process.send!({ type: 'count', value }));
});

process.on('disconnect', () => {
  void Promise.all([app.close(), worker?.stop()]).finally(async () => {
    if (schema) await onPostgres(`DROP SCHEMA ${schema} CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
