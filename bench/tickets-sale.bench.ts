// Flash-sale benchmark: 2,000 buyers with real sessions ask for a ticket at the same instant, over
// HTTP, from one real server process that has 500 places to sell, on SQLite and on PostgreSQL. Reports tickets
// sold (must be exactly 500), how long until every buyer had an answer, throughput and p50/p99 latency, against
// a baseline measured in the same run: the same 2,000 requests at once to a trivial authenticated GET
// (/api/notifications/unread-count: session check plus one indexed count).
// Run: npm run bench:tickets   (BUYERS, PLACES, ROUNDS, ENGINES=sqlite,postgres; PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set)
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/free-port.ts';

const BUYERS = Number(process.env.BUYERS ?? 2000);
const PLACES = Number(process.env.PLACES ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const SECRET = 'tickets-bench-secret-0123456789abcdef0123456789';

type Server = {
  child: ChildProcess;
  port: number;
  ask: <T>(message: { type: string } & Record<string, unknown>) => Promise<T>;
};

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'tickets-sale-server.ts'), {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), AUTH_SECRET: SECRET, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<string, (value: unknown) => void>();
  child.on('message', (m: { type: string; value: unknown }) => pending.get(m.type)?.(m.value));
  const ask = <T>(message: { type: string }) =>
    new Promise<T>((resolve) => {
      pending.set(message.type, resolve as (v: unknown) => void);
      child.send(message);
    });
  await new Promise<void>((resolve, reject) => {
    pending.set('ready', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, port, ask };
}

// Every buyer is its own connection, as 2,000 phones would be.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

type Answer = { status: number; code: string | null; startedAt: number; endedAt: number };

function send(
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  cookie: string,
  body?: object,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const startedAt = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          cookie,
          origin: `http://127.0.0.1:${port}`,
          ...(payload
            ? {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
                'idempotency-key': crypto.randomUUID(),
              }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const endedAt = performance.now();
          let code: string | null = null;
          if (res.statusCode! >= 400)
            code = (JSON.parse(Buffer.concat(chunks).toString()) as { error: { code: string } }).error.code;
          resolve({ status: res.statusCode!, code, startedAt, endedAt });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

type Wave = {
  settleMs: number;
  soldOutMs: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  cpuMs: number;
};

// The server's own CPU time for the wave as well: on a busy machine wall-clock figures move with the neighbours,
// CPU per request much less.
async function wave(server: Server, requests: (() => Promise<Answer>)[]): Promise<Wave> {
  const cpuBefore = await server.ask<NodeJS.CpuUsage>({ type: 'cpu' });
  const answers = await Promise.all(requests.map((r) => r()));
  const cpuAfter = await server.ask<NodeJS.CpuUsage>({ type: 'cpu' });
  const cpuMs = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000;
  const first = Math.min(...answers.map((a) => a.startedAt));
  const last = Math.max(...answers.map((a) => a.endedAt));
  const latencies = answers.map((a) => a.endedAt - a.startedAt).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const a of answers) {
    const key = a.code ? `${a.status} ${a.code}` : String(a.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  // When the last ticket went out (the last 201), from the first request.
  const soldOutMs = Math.max(first, ...answers.filter((a) => a.status === 201).map((a) => a.endedAt)) - first;
  return {
    cpuMs,
    settleMs: last - first,
    soldOutMs,
    perSecond: (answers.length / (last - first)) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
  };
}

const baselineWave = (server: Server, cookies: string[]) =>
  wave(
    server,
    cookies.map((cookie) => () => send(server.port, 'GET', '/api/notifications/unread-count', cookie)),
  );
const saleWave = (server: Server, cookies: string[], typeId: string) =>
  wave(
    server,
    cookies.map(
      (cookie) => () =>
        send(server.port, 'POST', '/api/tickets', cookie, { ticketTypeId: typeId, quantity: 1 }),
    ),
  );

type Round = { sale: Wave; baseline: Wave; sold: number; tickets: number };

async function runEngine(label: string, env: Record<string, string>): Promise<Round[]> {
  const server = await startServer(env);
  try {
    const cookies = await server.ask<string[]>({ type: 'users', count: BUYERS });
    // Warm-up: the code paths compiled and the connections open before anything is timed.
    const warmType = await server.ask<string>({ type: 'sale', places: 100 });
    await saleWave(server, cookies.slice(0, 400), warmType);
    await baselineWave(server, cookies);
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const baseline = await baselineWave(server, cookies);
      const typeId = await server.ask<string>({ type: 'sale', places: PLACES });
      const sale = await saleWave(server, cookies, typeId);
      const { sold, tickets } = await server.ask<{ sold: number; tickets: number }>({
        type: 'count',
        typeId,
      });
      rounds.push({ sale, baseline, sold, tickets });
      const ok = sale.statuses['201'] === PLACES && sold === PLACES && tickets === PLACES;
      console.log(
        `${label.padEnd(10)} round ${r + 1}: sold ${sold} (${tickets} tickets) ${ok ? 'OK' : 'WRONG'} · answers ${JSON.stringify(sale.statuses)} · ` +
          `last ticket out at ${sale.soldOutMs.toFixed(0)} ms, settled in ${sale.settleMs.toFixed(0)} ms (baseline ${baseline.settleMs.toFixed(0)} ms) · ${sale.perSecond.toFixed(0)} req/s · ` +
          `p50 ${sale.p50.toFixed(0)} ms · p99 ${sale.p99.toFixed(0)} ms (baseline p99 ${baseline.p99.toFixed(0)} ms) · ` +
          `server CPU ${(sale.cpuMs / cookies.length).toFixed(2)} ms/request (baseline ${(baseline.cpuMs / cookies.length).toFixed(2)})`,
      );
      if (!ok) process.exitCode = 1;
    }
    return rounds;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(label: string, rounds: Round[]) {
  const m = (pick: (r: Round) => number) => median(rounds.map(pick));
  const settle = m((r) => r.sale.settleMs);
  const base = m((r) => r.baseline.settleMs);
  return {
    engine: label,
    'sold (each round)': rounds.map((r) => r.sold).join(', '),
    'last ticket out ms': Math.round(m((r) => r.sale.soldOutMs)),
    'sale settled ms': Math.round(settle),
    'baseline settled ms': Math.round(base),
    'settle ×baseline': +(settle / base).toFixed(2),
    'sale req/s': Math.round(m((r) => r.sale.perSecond)),
    'baseline req/s': Math.round(m((r) => r.baseline.perSecond)),
    'sale p50 ms': Math.round(m((r) => r.sale.p50)),
    'sale p99 ms': Math.round(m((r) => r.sale.p99)),
    'baseline p99 ms': Math.round(m((r) => r.baseline.p99)),
    'p99 ×baseline': +(m((r) => r.sale.p99) / m((r) => r.baseline.p99)).toFixed(2),
    'CPU ms/req': +(m((r) => r.sale.cpuMs) / BUYERS).toFixed(2),
    'baseline CPU ms/req': +(m((r) => r.baseline.cpuMs) / BUYERS).toFixed(2),
  };
}

console.log(
  `Flash sale: ${BUYERS} buyers at once for ${PLACES} places, ${ROUNDS} rounds per engine, one server process (${os.cpus().length} CPUs)\n`,
);
const results = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-tickets-bench-'));
try {
  if (ENGINES.includes('sqlite'))
    results.push(summary('sqlite', await runEngine('sqlite', { DATA_DIR: dataDir })));
  if (PG_URL && ENGINES.includes('postgres')) {
    const schema = `bench_tickets_${process.pid}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    try {
      results.push(
        summary(
          'postgres',
          await runEngine('postgres', { DATA_DIR: dataDir, DATABASE_URL: PG_URL, BENCH_PG_SCHEMA: schema }),
        ),
      );
    } finally {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    }
  } else if (ENGINES.includes('postgres')) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}
console.log(
  '\nMedians over the rounds (baseline: the same requests at once to GET /api/notifications/unread-count):',
);
console.table(results);
