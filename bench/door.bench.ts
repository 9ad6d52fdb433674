// `npm run bench:door`: 10 doors checking in 5,000 tickets over HTTP on one real server. Every ticket is
// scanned once, and one in five is presented at a second door at the same moment (someone passing their
// QR back to a friend), so the atomic check-in is raced throughout. Reports check-ins per second, scan p50/p99
// and double entries (must be 0), against a baseline measured in the same run under the same load: an
// authenticated GET /api/me/roles (session lookup + one indexed read), half before and half after the doors.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL=postgres://… is set. Aim: scan p99 under 50 ms.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../scripts/free-port.ts';
import type { DoorBenchTargets } from './door-server.ts';

const DOORS = Number(process.env.DOORS ?? 10);
const TICKETS = Number(process.env.TICKETS ?? 5000);
const SECOND_DOOR_EVERY = 5;
const P99_AIM_MS = 50;

type Server = { child: ChildProcess; targets: DoorBenchTargets };

async function startServer(databaseUrl?: string): Promise<Server> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'door-server.ts'), {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      TICKETS: String(TICKETS),
      DOORS: String(DOORS),
      ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const targets = await new Promise<DoorBenchTargets>((resolve, reject) => {
    child.once('message', (m) => resolve(m as DoorBenchTargets));
    child.once('exit', (code) => reject(new Error(`door bench server exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  return { child, targets };
}

type Timed = { ms: number; status: number; outcome?: string };

// `workers` loops pull the next job from one shared list, so adjacent jobs run at the same moment.
async function runLoad<T>(
  jobs: T[],
  workers: number,
  send: (job: T, worker: number) => Promise<Timed>,
): Promise<{ results: Timed[]; seconds: number }> {
  let next = 0;
  const results: Timed[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (;;) {
        const i = next++;
        if (i >= jobs.length) return;
        results.push(await send(jobs[i]!, worker));
      }
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summary(results: Timed[], seconds: number) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    count: results.length,
    rps: results.length / seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    non200: results.filter((r) => r.status !== 200).length,
  };
}

async function timed(
  request: () => Promise<Response>,
  read: (body: unknown) => string | undefined = () => undefined,
): Promise<Timed> {
  const started = performance.now();
  const response = await request();
  const body: unknown = await response.json();
  return { ms: performance.now() - started, status: response.status, outcome: read(body) };
}

async function benchOne(databaseUrl?: string) {
  const { child, targets } = await startServer(databaseUrl);
  const { url, origin, eventId, tokens, doors } = targets;
  const baseline = (_: number, worker: number) =>
    timed(() => fetch(`${url}/api/me/roles`, { headers: { cookie: doors[worker]! } }));
  const scan = (token: string, worker: number) =>
    timed(
      () =>
        fetch(`${url}/api/door/events/${eventId}/scans`, {
          method: 'POST',
          headers: { cookie: doors[worker]!, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ token, door: `Puerta ${worker + 1}` }),
        }),
      (body) => (body as { outcome?: string }).outcome,
    );

  // Warm-up: JIT, prepared statements, connections (on a few tickets the run then does not count).
  await runLoad(
    Array.from({ length: 200 }, (_, i) => i),
    DOORS,
    baseline,
  );

  const jobs: string[] = [];
  tokens.forEach((token, i) => {
    jobs.push(token);
    if (i % SECOND_DOOR_EVERY === 0) jobs.push(token);
  });
  const half = Math.ceil(jobs.length / 2);
  const before = await runLoad(
    Array.from({ length: half }, (_, i) => i),
    DOORS,
    baseline,
  );
  const doorRun = await runLoad(jobs, DOORS, scan);
  const after = await runLoad(
    Array.from({ length: half }, (_, i) => i),
    DOORS,
    baseline,
  );

  const counted = await new Promise<{ checkIns: number; doubleEntries: number; used: number }>((resolve) => {
    child.on(
      'message',
      (m: { type: string; value: { checkIns: number; doubleEntries: number; used: number } }) =>
        m.type === 'count' && resolve(m.value),
    );
    child.send({ type: 'count' });
  });
  child.disconnect();

  const base = summary([...before.results, ...after.results], before.seconds + after.seconds);
  const door = summary(doorRun.results, doorRun.seconds);
  const valid = doorRun.results.filter((r) => r.outcome === 'valid').length;
  const alreadyUsed = doorRun.results.filter((r) => r.outcome === 'already_used').length;
  return {
    database: targets.database,
    base,
    door,
    doorSeconds: doorRun.seconds,
    valid,
    alreadyUsed,
    twice: jobs.length - tokens.length,
    counted,
  };
}

const runs = [undefined, process.env.BENCH_DATABASE_URL].filter((u, i) => i === 0 || u);
console.log(
  `Nocturna door benchmark · Node ${process.versions.node} · ${TICKETS} tickets, ${DOORS} doors over HTTP, 1 in ${SECOND_DOOR_EVERY} presented at two doors at once`,
);
console.log(
  `baseline: authenticated GET /api/me/roles from the same ${DOORS} doors, half before and half after the check-ins\n`,
);

let failed = false;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (text: string | number, width: number) => String(text).padStart(width);
for (const databaseUrl of runs) {
  const r = await benchOne(databaseUrl);
  const checkInsPerSecond = r.valid / r.doorSeconds;
  console.log(`${r.database}`);
  console.log(
    `  ${'requests'.padEnd(34)}${pad('count', 7)}${pad('req/s', 9)}${pad('p50', 10)}${pad('p99', 10)}`,
  );
  console.log(
    `  ${'baseline GET /api/me/roles'.padEnd(34)}${pad(r.base.count, 7)}${pad(Math.round(r.base.rps), 9)}${pad(ms(r.base.p50), 10)}${pad(ms(r.base.p99), 10)}`,
  );
  console.log(
    `  ${'scans POST …/scans'.padEnd(34)}${pad(r.door.count, 7)}${pad(Math.round(r.door.rps), 9)}${pad(ms(r.door.p50), 10)}${pad(ms(r.door.p99), 10)}`,
  );
  console.log(
    `  check-ins: ${r.valid} in ${r.doorSeconds.toFixed(2)} s = ${Math.round(checkInsPerSecond)} check-ins/s`,
  );
  console.log(
    `  scans vs baseline: ${((r.door.rps / r.base.rps) * 100).toFixed(1)}% of its throughput, p99 ×${(r.door.p99 / r.base.p99).toFixed(2)}`,
  );
  console.log(
    `  answers: ${r.valid} VÁLIDA, ${r.alreadyUsed} YA USADA (of ${r.twice} presented twice), ${r.door.non200 + r.base.non200} non-200`,
  );
  console.log(
    `  database: ${r.counted.checkIns} entries, ${r.counted.used} tickets used, double entries: ${r.counted.doubleEntries}`,
  );
  const problems = [
    r.counted.doubleEntries !== 0 && `double entries: ${r.counted.doubleEntries}`,
    r.valid !== TICKETS && `VÁLIDA answers ${r.valid}, expected ${TICKETS}`,
    r.alreadyUsed !== r.twice && `YA USADA answers ${r.alreadyUsed}, expected ${r.twice}`,
    r.counted.checkIns !== TICKETS && `entries in the database ${r.counted.checkIns}, expected ${TICKETS}`,
    r.door.non200 + r.base.non200 > 0 && 'non-200 answers',
  ].filter(Boolean);
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  if (problems.length) failed = true;
  console.log(
    r.door.p99 < P99_AIM_MS
      ? `  ✓ scan p99 ${ms(r.door.p99)} is under the ${P99_AIM_MS} ms aim\n`
      : `  ✗ scan p99 ${ms(r.door.p99)} is over the ${P99_AIM_MS} ms aim\n`,
  );
}
console.log(failed ? 'FAIL' : 'OK: every ticket let in exactly once.');
process.exitCode = failed ? 1 : 0;
