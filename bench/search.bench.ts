// `npm run bench:search`: the unified search with 100,000 people, 500 clubs and 20,000 events, on SQLite
// (FTS5 trigram tables) and PostgreSQL (pg_trgm GIN indexes; skipped when BENCH_DATABASE_URL, by default
// postgres://postgres@127.0.0.1:5432/test, does not answer). Measured, signed in, for the people list (a
// common name prefix) and the grouped search box with realistic queries (a club, genre + night + barrio, a
// typo, a person): the latency of a request alone (median of 3), then req/s, p50 and p99 with autocannon
// against a bare Fastify route returning the same JSON from memory in the same run (aim: ≥ 30 % of its
// req/s). Also each engine's search index size and the time to rebuild it (rebuildSearchIndexes).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { SearchTargets } from './search-server.ts';

// `--quick`: a tenth of the data, the broadest query and a name, two slices, and one JSON line per engine for
// bench/guard.ts: {"bench":"search","engine":…,"ratio":<the lowest>,"floor":<its engine's>,"pass":…,"p99":…}.
const QUICK = process.argv.includes('--quick');
// About 70 % of the lowest the quick mode reached on an idle 2-core machine in five runs (lowest endpoint: SQLite
// 0.017-0.024, PostgreSQL 0.013-0.021; docs/performance-catalogue-and-search.md), so noise passes and a search
// twice as slow does not.
const QUICK_FLOORS: Record<string, number> = { sqlite: 0.012, postgres: 0.009 };
const DURATION_S = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 3));
const CONNECTIONS = 10;
const AIM = 30; // percent of the bare route's req/s
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Measure = { answers: number; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measureOnce(url: string, cookie: string, duration: number): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  return {
    answers: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

// One request, its time and body.
async function fetchOnce(url: string, cookie: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const body = await (await fetch(url, { headers: { cookie } })).text();
  return { ms: performance.now() - started, body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// App and bare route alternate in slices so a busy machine slows both alike: one second for the bare route, and
// for the app at least one, or three rounds of CONNECTIONS requests at its latency alone when that is longer
// (autocannon counts only the answers that come back within the slice).
async function compare(appUrl: string, bareUrl: string, cookie: string, appSlice: number) {
  const slices = { real: [] as Measure[], bare: [] as Measure[] };
  for (let i = 0; i < DURATION_S; i++) {
    slices.real.push(await measureOnce(appUrl, cookie, appSlice));
    // autocannon stops with requests in flight, which the app answers anyway (the bare app shares its process,
    // and SQLite its thread): one more request, queued behind them, waits until they are done.
    await fetchOnce(appUrl, cookie);
    slices.bare.push(await measureOnce(bareUrl, cookie, 1));
  }
  // Latencies of the slices that got answers (NaN when none did).
  const combine = (list: Measure[]): Measure => ({
    answers: list.reduce((sum, m) => sum + m.answers, 0),
    rps: list.reduce((sum, m) => sum + m.rps, 0) / list.length,
    p50: median(list.filter((m) => m.answers).map((m) => m.p50)) ?? NaN,
    p99: median(list.filter((m) => m.answers).map((m) => m.p99)) ?? NaN,
    non2xx: list.reduce((sum, m) => sum + m.non2xx, 0),
    errors: list.reduce((sum, m) => sum + m.errors, 0),
  });
  return { real: combine(slices.real), bare: combine(slices.bare) };
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value} ms`);
const header = `${'engine'.padEnd(9)}${'endpoint'.padEnd(33)}${'found'.padEnd(26)}${pad('alone', 8)}${pad('slice', 7)}${pad('req/s', 8)}${pad('p50', 9)}${pad('p99', 9)}${pad('bare r/s', 9)}${pad('p50', 8)}${pad('p99', 8)}${pad('ratio', 8)}`;
const problems: string[] = [];
const summaries: string[] = [];

async function run(engine: 'sqlite' | 'postgres') {
  const child = fork(
    path.join(import.meta.dirname, 'search-server.ts'),
    [engine, pgUrl, QUICK ? 'quick' : 'full'],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const targets = await new Promise<SearchTargets>((resolve, reject) => {
    child.once('message', (m) => resolve(m as SearchTargets));
    child.once('exit', (code) => reject(new Error(`${engine} bench server exited with ${code}`)));
  });
  const { people, clubs, events, ticketTypes, loadSeconds } = targets.dataset;
  const { bytes, rebuildMs } = targets.index;
  console.log(
    `${engine}: ${people} people, ${clubs} clubs, ${events} events, ${ticketTypes} ticket types loaded in ${loadSeconds.toFixed(1)} s`,
  );
  summaries.push(
    `${engine.padEnd(9)}search index ${(bytes / 1_048_576).toFixed(1)} MB (${bytes.toLocaleString('en')} bytes), rebuilt in ${Math.round(rebuildMs).toLocaleString('en')} ms`,
  );
  console.log(header);
  let lowest = Number.POSITIVE_INFINITY;
  let worstP99 = 0;
  const problemsBefore = problems.length;
  for (const { name, path: urlPath, found } of targets.paths) {
    const realUrl = `http://127.0.0.1:${targets.realPort}${urlPath}`;
    const bareUrl = `http://127.0.0.1:${targets.barePort}${urlPath}`;
    // Warm-up (and wait for its last answers), then a request alone, three times: the latency without load.
    await measureOnce(realUrl, targets.cookie, 1);
    await fetchOnce(realUrl, targets.cookie);
    await measureOnce(bareUrl, targets.cookie, 1);
    const alone = [];
    for (let i = 0; i < 3; i++) alone.push(await fetchOnce(realUrl, targets.cookie));
    const aloneMs = Math.round(median(alone.map((a) => a.ms))!);
    const appSlice = Math.max(1, Math.ceil((3 * CONNECTIONS * aloneMs) / 1000));
    const { real, bare } = await compare(realUrl, bareUrl, targets.cookie, appSlice);
    // The same JSON from both, or the comparison means nothing (unless the app's answer itself varies).
    const answers = new Set(alone.map((a) => a.body));
    if (answers.size > 1) problems.push(`${engine} ${urlPath}: the same request got ${answers.size} answers`);
    else if (!answers.has((await fetchOnce(bareUrl, targets.cookie)).body))
      problems.push(`${engine} ${urlPath}: the bare route answers other JSON`);
    const ratio = (real.rps / bare.rps) * 100;
    lowest = Math.min(lowest, ratio / 100);
    worstP99 = Math.max(worstP99, real.p99);
    console.log(
      `${engine.padEnd(9)}${name.padEnd(33)}${found.padEnd(26)}${pad(ms(aloneMs), 8)}${pad(`${appSlice} s`, 7)}${pad(Math.round(real.rps), 8)}${pad(ms(real.p50), 9)}${pad(ms(real.p99), 9)}${pad(Math.round(bare.rps), 9)}${pad(ms(bare.p50), 8)}${pad(ms(bare.p99), 8)}${pad(`${ratio.toFixed(1)}%`, 8)}`,
    );
    if (real.non2xx || real.errors)
      problems.push(`${engine} ${urlPath}: ${real.non2xx} non-2xx, ${real.errors} errors`);
    if (ratio < AIM)
      problems.push(`${engine} ${name}: ${ratio.toFixed(1)} % of the bare route (aim ≥ ${AIM} %)`);
  }
  console.log('');
  child.disconnect();
  await exited;
  if (QUICK) {
    // Failed answers or answers unlike the bare route's fail it whatever the ratio.
    const broken = problems.slice(problemsBefore).some((line) => !line.includes('of the bare route (aim'));
    quickLines.push(
      JSON.stringify({
        bench: 'search',
        engine,
        ratio: Number(lowest.toFixed(3)),
        floor: QUICK_FLOORS[engine],
        pass: !broken && lowest >= QUICK_FLOORS[engine]!,
        p99: worstP99,
        load: os.loadavg()[0],
      }),
    );
  }
}
const quickLines: string[] = [];

const started = performance.now();
console.log(
  `Nocturna search benchmark · Node ${process.versions.node} · autocannon: ${CONNECTIONS} connections, signed in, 127.0.0.1, ${DURATION_S} alternating slices per endpoint (app: slice s, bare: 1 s)\n`,
);
await run('sqlite');
const pgProblem = await postgresReachable();
if (pgProblem) summaries.push(`postgres skipped: ${pgUrl} is not reachable (${pgProblem})`);
else await run('postgres');
for (const line of summaries) console.log(line);
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
for (const line of problems) console.log(`  ✗ ${line}`);
if (QUICK) {
  // Both engines, or the guard counts the bench as failed.
  if (pgProblem)
    quickLines.push(
      JSON.stringify({
        bench: 'search',
        engine: 'postgres',
        ratio: 0,
        floor: QUICK_FLOORS.postgres,
        pass: false,
      }),
    );
  for (const line of quickLines) console.log(line);
  process.exitCode = quickLines.every((line) => (JSON.parse(line) as { pass: boolean }).pass) ? 0 : 1;
} else {
  console.log(problems.length ? '\nFAIL' : '\nOK');
  process.exitCode = problems.length ? 1 : 0;
}
