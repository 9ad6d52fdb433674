// `npm run bench:door-fair`: a night at the door with people going out to smoke. 10 doors let in
// 5,000 tickets over HTTP on one real server while 2,000 of the people let in go out ("Sale a fumar", POST
// …/exits) and come back (a second scan of their QR, answered 'reentry'), interleaved with the arrivals (see
// door-night.ts). One arrival in ten and one return in five is the same QR at two doors at the same moment.
// When the last arrival is in, the doors pause and the aforo is checked with smokers still outside; then the
// last smokers go out and come back, and it is checked again. Fails (exit 1) unless aforo.inside is exactly
// entries − exits + re-entries as counted from successful answers, aforo.entries is 5,000, every race had one
// winner, and the database holds no double entry and no double re-entry. Prints p50/p99 and throughput per
// kind against a baseline measured in the same run (authenticated GET /api/me/roles, half before and half
// after). SQLite always; PostgreSQL too when BENCH_DATABASE_URL=postgres://… is set. Aim: p99 under 50 ms.
import {
  DOORS,
  P99_AIM_MS,
  TICKETS,
  baselineLoad,
  doorRequests,
  ms,
  startDoorServer,
  summary,
  tableHead,
  tableRow,
  versus,
} from './door-load.ts';
import { DoorNight, type Kind } from './door-night.ts';

const SMOKERS = Number(process.env.SMOKERS ?? 2000);
const ENTRY_RACE_EVERY = 10;
const REENTRY_RACE_EVERY = 5;
const SMOKE_MS = 2000;

// SMOKERS of the TICKETS, spread evenly over the arrivals.
const smokers = new Set(
  Array.from({ length: TICKETS }, (_, i) => i).filter(
    (i) => Math.floor(((i + 1) * SMOKERS) / TICKETS) > Math.floor((i * SMOKERS) / TICKETS),
  ),
);

const oneWinner = (races: [string?, string?][], win: string) =>
  races.filter(([a, b]) => [a, b].sort().join() !== [win, 'already_used'].sort().join()).length;

async function benchOne(databaseUrl?: string) {
  const server = await startDoorServer({ tickets: TICKETS, doors: DOORS }, databaseUrl);
  const { targets } = server;
  const requests = doorRequests(targets);
  const night = new DoorNight(
    {
      doors: DOORS,
      tokens: targets.tokens,
      ticketIds: targets.ticketIds,
      smokers,
      entryRaceEvery: ENTRY_RACE_EVERY,
      reentryRaceEvery: REENTRY_RACE_EVERY,
      smokeMs: SMOKE_MS,
    },
    requests,
  );

  // Warm-up: JIT, prepared statements, connections.
  await baselineLoad(requests, 200, DOORS);
  const expected = TICKETS * (1 + 1 / ENTRY_RACE_EVERY) + SMOKERS * (2 + 1 / REENTRY_RACE_EVERY);
  const half = Math.ceil(expected / 2);
  const before = await baselineLoad(requests, half, DOORS);
  await night.arrivals();
  const pause = { ...night.counted(), aforo: await requests.aforo() };
  await night.lastRounds();
  const after = await baselineLoad(requests, half, DOORS);

  const final = { ...night.counted(), aforo: await requests.aforo() };
  const database = await server.count();
  server.stop();

  const seconds = night.elapsedSeconds;
  const all = Object.values(night.results).flat();
  return {
    name: targets.database,
    base: summary([...before.results, ...after.results], before.seconds + after.seconds),
    kinds: Object.fromEntries(
      (Object.keys(night.results) as Kind[]).map((kind) => [kind, summary(night.results[kind], seconds)]),
    ) as Record<Kind, ReturnType<typeof summary>>,
    all: summary(all, seconds),
    seconds,
    pause,
    final,
    database,
    races: night.races,
    outcomes: Object.fromEntries(
      (Object.keys(night.results) as Kind[]).map((kind) => [kind, tally(night.results[kind])]),
    ),
  };
}

function tally(results: { status: number; outcome?: string }[]) {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = r.outcome ?? `HTTP ${r.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.entries(counts)
    .map(([key, n]) => `${n} ${key}`)
    .join(', ');
}

function problemsOf(r: Awaited<ReturnType<typeof benchOne>>) {
  const inside = (c: typeof r.final) => c.entries - c.exits + c.reentries;
  const db = r.database;
  return [
    r.pause.aforo.inside !== inside(r.pause) &&
      `aforo.inside ${r.pause.aforo.inside} at the pause, counted ${inside(r.pause)}`,
    r.pause.aforo.entries !== r.pause.entries &&
      `aforo.entries ${r.pause.aforo.entries} at the pause, counted ${r.pause.entries}`,
    r.final.aforo.inside !== inside(r.final) &&
      `aforo.inside ${r.final.aforo.inside} at the end, counted ${inside(r.final)}`,
    r.final.aforo.entries !== TICKETS && `aforo.entries ${r.final.aforo.entries}, expected ${TICKETS}`,
    r.final.entries !== TICKETS && `VÁLIDA answers ${r.final.entries}, expected ${TICKETS}`,
    r.final.exits !== SMOKERS && `exits recorded ${r.final.exits}, expected ${SMOKERS}`,
    r.final.reentries !== SMOKERS && `re-entries ${r.final.reentries}, expected ${SMOKERS}`,
    oneWinner(r.races.entry, 'valid') > 0 &&
      `${oneWinner(r.races.entry, 'valid')} entry races without exactly one VÁLIDA`,
    oneWinner(r.races.reentry, 'reentry') > 0 &&
      `${oneWinner(r.races.reentry, 'reentry')} re-entry races without exactly one REENTRADA`,
    db.doubleEntries !== 0 && `double entries in the database: ${db.doubleEntries}`,
    db.doubleReentries !== 0 && `double re-entries in the database: ${db.doubleReentries}`,
    db.checkIns !== TICKETS && `entries in the database ${db.checkIns}, expected ${TICKETS}`,
    (db.exits !== r.final.exits || db.reentries !== r.final.reentries) &&
      `movements in the database ${db.exits} exits, ${db.reentries} re-entries`,
    db.outside !== r.final.exits - r.final.reentries && `${db.outside} tickets marked outside`,
    r.all.non200 + r.base.non200 > 0 && `${r.all.non200 + r.base.non200} non-200 answers`,
  ].filter((p): p is string => Boolean(p));
}

const runs = [undefined, process.env.BENCH_DATABASE_URL].filter((u, i) => i === 0 || u);
console.log(
  `Nocturna door benchmark with exits and re-entries · Node ${process.versions.node} · ${DOORS} doors over HTTP: ${TICKETS} entries, ${SMOKERS} exits and ${SMOKERS} re-entries interleaved`,
);
console.log(
  `races: 1 in ${ENTRY_RACE_EVERY} arrivals and 1 in ${REENTRY_RACE_EVERY} returns present the same QR at two doors at once; a smoker stays in and out at least ${SMOKE_MS} ms`,
);
console.log(
  `baseline: authenticated GET /api/me/roles from the same ${DOORS} doors, half before and half after; req/s of a kind is its share of the mixed run, over the time a request was in flight\n`,
);

let failed = false;
const LABELS: Record<Kind, string> = {
  entry: 'entry scans POST …/scans',
  exit: 'exits POST …/exits',
  reentry: 're-entry scans POST …/scans',
};
for (const databaseUrl of runs) {
  const r = await benchOne(databaseUrl);
  console.log(r.name);
  console.log(`${tableHead()}   vs baseline: req/s   p50     p99`);
  console.log(tableRow('baseline GET /api/me/roles', r.base));
  for (const kind of Object.keys(LABELS) as Kind[])
    console.log(`${tableRow(LABELS[kind], r.kinds[kind])}     ${versus(r.kinds[kind], r.base)}`);
  console.log(`${tableRow('all door requests', r.all)}     ${versus(r.all, r.base)}`);
  console.log(
    `  night: ${r.all.count} door requests in ${r.seconds.toFixed(2)} s = ${Math.round(r.all.rps)} req/s; ${Math.round(r.final.entries / r.seconds)} entries/s`,
  );
  for (const kind of Object.keys(LABELS) as Kind[])
    console.log(`  answers to ${LABELS[kind].split(' POST')[0]}: ${r.outcomes[kind]}`);
  console.log(
    `  races: ${r.races.entry.length} entries and ${r.races.reentry.length} re-entries at two doors at once`,
  );
  const line = (label: string, c: typeof r.final) =>
    `  ${label}: counted ${c.entries} entries − ${c.exits} exits + ${c.reentries} re-entries = ${c.entries - c.exits + c.reentries}; aforo says entries ${c.aforo.entries}, inside ${c.aforo.inside}`;
  console.log(line('pause after the last arrival', r.pause));
  console.log(line('end of the night', r.final));
  const db = r.database;
  console.log(
    `  database: ${db.checkIns} entries, ${db.exits} exits, ${db.reentries} re-entries, ${db.outside} outside; double entries ${db.doubleEntries}, double re-entries ${db.doubleReentries}`,
  );
  const problems = problemsOf(r);
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  if (problems.length) failed = true;
  for (const kind of Object.keys(LABELS) as Kind[]) {
    const p99 = r.kinds[kind].p99;
    console.log(
      `  ${p99 < P99_AIM_MS ? '✓' : '✗'} ${LABELS[kind].split(' POST')[0]} p99 ${ms(p99)} is ${p99 < P99_AIM_MS ? 'under' : 'over'} the ${P99_AIM_MS} ms aim`,
    );
  }
  console.log('');
}
console.log(failed ? 'FAIL' : 'OK: aforo exact, every ticket let in once, every smoker let back in once.');
process.exitCode = failed ? 1 : 0;
