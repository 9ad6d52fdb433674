// `npm run bench:door`: 10 doors checking in 5,000 tickets over HTTP on one real server. Every ticket is
// scanned once, and one in five is presented at a second door at the same moment (someone passing their
// QR back to a friend), so the atomic check-in is raced throughout. Reports check-ins per second, scan p50/p99
// and double entries (must be 0), against a baseline measured in the same run under the same load: an
// authenticated GET /api/me/roles (session lookup + one indexed read), half before and half after the doors.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL=postgres://… is set. Aim: scan p99 under 50 ms.
// Budgets, against the same run's baseline: at least half its throughput, p99 at most 1.5× its p99; PASS/FAIL per
// budget, exit 1 on a FAIL. The server runs as `npm start` runs it, with the side work on a worker process
// (JOB_WORKER=inline puts it back on the server's loop).
//   npm run bench:door -- --quick   1,500 tickets per engine, one JSON line each {"bench":"door","engine",…,"pass"}
// on stdout (throughput against the baseline, its floor); exit 1 below the floor.
import os from 'node:os';
import {
  DOORS,
  P99_AIM_MS,
  TICKETS,
  baselineLoad,
  doorRequests,
  ms,
  runLoad,
  startDoorServer,
  summary,
  tableHead,
  tableRow,
} from './door-load.ts';

const SECOND_DOOR_EVERY = 5;
const QUICK = process.argv.includes('--quick');
const tickets = QUICK ? 1500 : TICKETS;
const THROUGHPUT_BUDGET = 0.5;
const P99_BUDGET = 1.5;
// --quick fails when the scans' share of the baseline's throughput falls below this floor: about 70 % of the lowest
// reached, so noise passes and a door twice as slow does not. SQLite: an idle 2-core machine reached 0.248-0.270 in
// three runs, and the door after its stored-token and one-read toast changes 0.226-0.369 in six runs at load 12-17
// (70 % of 0.226 is below the 0.17 kept). PostgreSQL: 0.419-0.538 in four runs at load 14-17 after the
// one-statement entry also counted the aforo and read the holder's toast (see docs/performance-sale-and-door.md).
const QUICK_FLOORS: Record<string, number> = { SQLite: 0.17, PostgreSQL: 0.29 };

async function benchOne(databaseUrl?: string) {
  const server = await startDoorServer({ tickets, doors: DOORS }, databaseUrl);
  const { targets } = server;
  const { tokens } = targets;
  const requests = doorRequests(targets);

  // Warm-up: JIT, prepared statements, connections (on a few tickets the run then does not count).
  await baselineLoad(requests, 200, DOORS);

  const jobs: string[] = [];
  tokens.forEach((token, i) => {
    jobs.push(token);
    if (i % SECOND_DOOR_EVERY === 0) jobs.push(token);
  });
  const half = Math.ceil(jobs.length / 2);
  const cpu0 = server.cpuMs();
  const before = await baselineLoad(requests, half, DOORS);
  const cpu1 = server.cpuMs();
  await server.loop();
  const doorRun = await runLoad(jobs, DOORS, requests.scan);
  const loop = await server.loop();
  const cpu2 = server.cpuMs();
  const after = await baselineLoad(requests, half, DOORS);
  const cpu3 = server.cpuMs();
  // The server's CPU per request (ms), a figure the machine's other load moves less than the throughput.
  const cpu =
    cpu0 === null || cpu1 === null || cpu2 === null || cpu3 === null
      ? null
      : { baseline: (cpu1 - cpu0 + cpu3 - cpu2) / (2 * half), scan: (cpu2 - cpu1) / jobs.length };

  const counted = await server.count();
  server.stop();

  const base = summary([...before.results, ...after.results], before.seconds + after.seconds);
  const door = summary(doorRun.results, doorRun.seconds);
  const valid = doorRun.results.filter((r) => r.outcome === 'valid').length;
  const alreadyUsed = doorRun.results.filter((r) => r.outcome === 'already_used').length;
  return {
    loop,
    cpu,
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
const say = QUICK ? console.error : console.log;
say(
  `Nocturna door benchmark${QUICK ? ' (quick)' : ''} · Node ${process.versions.node} · ${tickets} tickets, ${DOORS} doors over HTTP, 1 in ${SECOND_DOOR_EVERY} presented at two doors at once · load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
say(
  `baseline: authenticated GET /api/me/roles from the same ${DOORS} doors, half before and half after the check-ins\n`,
);

let failed = false;
for (const databaseUrl of runs) {
  const r = await benchOne(databaseUrl);
  const checkInsPerSecond = r.valid / r.doorSeconds;
  const share = r.door.rps / r.base.rps;
  const p99Times = r.door.p99 / r.base.p99;
  say(`${r.database}`);
  say(tableHead());
  say(tableRow('baseline GET /api/me/roles', r.base));
  say(tableRow('scans POST …/scans', r.door));
  say(
    `  check-ins: ${r.valid} in ${r.doorSeconds.toFixed(2)} s = ${Math.round(checkInsPerSecond)} check-ins/s`,
  );
  say(`  scans vs baseline: ${(share * 100).toFixed(1)}% of its throughput, p99 ×${p99Times.toFixed(2)}`);
  say(`  server event-loop delay during the scans: p99 ${ms(r.loop.p99)}, max ${ms(r.loop.max)}`);
  if (r.cpu)
    say(
      `  server CPU per request: baseline ${r.cpu.baseline.toFixed(2)} ms, scan ${r.cpu.scan.toFixed(2)} ms (×${(r.cpu.scan / r.cpu.baseline).toFixed(2)})`,
    );
  say(
    `  answers: ${r.valid} VÁLIDA, ${r.alreadyUsed} YA USADA (of ${r.twice} presented twice), ${r.door.non200 + r.base.non200} non-200`,
  );
  say(
    `  database: ${r.counted.checkIns} entries, ${r.counted.used} tickets used, double entries: ${r.counted.doubleEntries}`,
  );
  const problems = [
    r.counted.doubleEntries !== 0 && `double entries: ${r.counted.doubleEntries}`,
    r.valid !== tickets && `VÁLIDA answers ${r.valid}, expected ${tickets}`,
    r.alreadyUsed !== r.twice && `YA USADA answers ${r.alreadyUsed}, expected ${r.twice}`,
    r.counted.checkIns !== tickets && `entries in the database ${r.counted.checkIns}, expected ${tickets}`,
    r.door.non200 + r.base.non200 > 0 && 'non-200 answers',
  ].filter(Boolean);
  for (const problem of problems) say(`  ✗ ${problem}`);
  if (QUICK) {
    const floor = QUICK_FLOORS[r.database]!;
    const pass = problems.length === 0 && share >= floor;
    const engine = r.database === 'SQLite' ? 'sqlite' : 'postgres';
    console.log(JSON.stringify({ bench: 'door', engine, ratio: +share.toFixed(3), floor, pass }));
    failed ||= !pass;
    continue;
  }
  const budgets: [string, boolean][] = [
    ['every ticket let in exactly once, every answer 200', problems.length === 0],
    [
      `throughput ${(share * 100).toFixed(1)}% of the baseline's ≥ ${THROUGHPUT_BUDGET * 100}%`,
      share >= THROUGHPUT_BUDGET,
    ],
    [`p99 ×${p99Times.toFixed(2)} the baseline's ≤ ×${P99_BUDGET}`, p99Times <= P99_BUDGET],
  ];
  for (const [what, ok] of budgets) {
    say(`  ${ok ? 'PASS' : 'FAIL'}  ${r.database}: ${what}`);
    failed ||= !ok;
  }
  say(
    r.door.p99 < P99_AIM_MS
      ? `  ✓ scan p99 ${ms(r.door.p99)} is under the ${P99_AIM_MS} ms aim\n`
      : `  · scan p99 ${ms(r.door.p99)} is over the ${P99_AIM_MS} ms aim\n`,
  );
}
if (!QUICK) console.log(failed ? 'FAIL' : 'PASS: every ticket let in exactly once, every budget held.');
process.exitCode = failed ? 1 : 0;
