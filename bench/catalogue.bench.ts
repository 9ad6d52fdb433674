// `npm run bench`: requests per second and p99 latency of the event list (genre filter), event detail and club
// detail with the Madrid dataset ×50 (answers kept by the public answer cache, as a night's rush sees them; the
// list is measured once more with every URL new, so nothing is kept), on SQLite and PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL, when set), against a bare Fastify route returning the same JSON from memory, measured in the same run. Each must
// keep at least 40% of the bare route's throughput.
// `--quick`: the Madrid dataset ×10, two slices per endpoint, and one JSON line per engine for bench/guard.ts:
// {"bench":"catalogue","engine":…,"ratio":<the lowest of the three>,"floor":<its engine's>,"pass":…}.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchTargets } from './bench-server.ts';
import { profileArgs } from './profile-args.ts';

const QUICK = process.argv.includes('--quick');
const DURATION_S = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 5));
const SCALE = QUICK ? 10 : 50;
const CONNECTIONS = 20;
const MIN_RATIO = 0.4;
// The budget itself (40 %), about 64 % of the lowest the quick mode reached with the public answer cache on an
// idle 2-core machine in three runs (lowest endpoint: SQLite 0.625-0.761, PostgreSQL 0.748-0.762;
// docs/performance-catalogue-and-search.md): noise passes, while a cache that stops keeping answers (SQLite
// 0.14, PostgreSQL 0.05) or a kept answer twice as slow to send does not.
const QUICK_FLOORS: Record<string, number> = { sqlite: 0.4, postgres: 0.4 };
// PostgreSQL as the search bench finds it: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local default.
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const say = (text: string) => {
  if (!QUICK) console.log(text);
};

type Measure = { rps: number; p99: number; non2xx: number; errors: number };

// `pathOf`, when given, picks each request's path (the URL then names only the server).
async function measureOnce(url: string, duration: number, pathOf?: () => string): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    ...(pathOf && { requests: [{ setupRequest: (request) => ({ ...request, path: pathOf() }) }] }),
  });
  return {
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// The app and the bare route take turns in one-second slices, so a busy neighbour on a shared machine slows
// both alike instead of skewing the ratio; throughput is summed over the slices, p99 is their median.
async function compare(
  appUrl: string,
  bareUrl: string,
  appPathOf?: () => string,
): Promise<{ real: Measure; bare: Measure }> {
  const slices = { real: [] as Measure[], bare: [] as Measure[] };
  for (let i = 0; i < DURATION_S; i++) {
    slices.real.push(await measureOnce(appUrl, 1, appPathOf));
    slices.bare.push(await measureOnce(bareUrl, 1));
  }
  const combine = (list: Measure[]): Measure => ({
    rps: list.reduce((sum, m) => sum + m.rps, 0) / list.length,
    p99: median(list.map((m) => m.p99)),
    non2xx: list.reduce((sum, m) => sum + m.non2xx, 0),
    errors: list.reduce((sum, m) => sum + m.errors, 0),
  });
  return { real: combine(slices.real), bare: combine(slices.bare) };
}

async function run(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const child = fork(path.join(import.meta.dirname, 'bench-server.ts'), [engine, String(SCALE)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_DATABASE_URL: pgUrl },
    execArgv: profileArgs(),
  });
  const targets = await new Promise<BenchTargets>((resolve, reject) => {
    child.once('message', (m) => resolve(m as BenchTargets));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const { clubs, events, loadSeconds } = targets.dataset;
  say(
    `Nocturna catalogue benchmark · Node ${process.versions.node} · ${engine} · ${clubs} clubs, ${events} events (loaded in ${loadSeconds.toFixed(1)} s)`,
  );
  say(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint in alternating 1 s slices, 127.0.0.1`,
  );
  // The load generator needs a CPU of its own: on a busy machine the bare route is held back by the client more
  // than the app is, which flatters the ratio. Print the conditions with the figures.
  say(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start\n`,
  );

  const rows: { name: string; path: string; real: Measure; bare: Measure }[] = [];
  for (const [name, urlPath] of [
    ['event list (genre=techno)', targets.listPath],
    ['event detail', targets.detailPath],
    ['club detail (+ its events)', targets.clubPath],
  ] as const) {
    const realUrl = `http://127.0.0.1:${targets.realPort}${urlPath}`;
    const bareUrl = `http://127.0.0.1:${targets.barePort}${urlPath}`;
    await measureOnce(realUrl, 1); // warm-up: JIT, prepared statements, page cache
    await measureOnce(bareUrl, 1);
    rows.push({ name, path: urlPath, ...(await compare(realUrl, bareUrl)) });
  }
  // The same list when no answer is kept: every request asks a URL never asked before (a price ceiling no
  // ticket reaches, different each time), so the server computes each one. Printed for what a first visit
  // costs; the budget is on the rows above.
  let cold: { real: Measure; bare: Measure } | undefined;
  if (!QUICK) {
    let n = 0;
    cold = await compare(
      `http://127.0.0.1:${targets.realPort}`,
      `http://127.0.0.1:${targets.barePort}${targets.listPath}`,
      () => `${targets.listPath}&maxPrice=${500_000 + (n++ % 500_000)}`,
    );
  }
  child.disconnect();
  await exited;

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  say(
    `${'endpoint'.padEnd(28)}${pad('app req/s', 11)}${pad('app p99', 10)}${pad('bare req/s', 12)}${pad('bare p99', 10)}${pad('ratio', 8)}`,
  );
  let failed = false;
  let lowest = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const ratio = row.real.rps / row.bare.rps;
    lowest = Math.min(lowest, ratio);
    say(
      `${row.name.padEnd(28)}${pad(Math.round(row.real.rps), 11)}${pad(`${row.real.p99} ms`, 10)}${pad(Math.round(row.bare.rps), 12)}${pad(`${row.bare.p99} ms`, 10)}${pad(`${(ratio * 100).toFixed(1)}%`, 8)}`,
    );
    if (row.real.non2xx || row.real.errors) {
      console.log(`  ✗ ${engine} ${row.path}: ${row.real.non2xx} non-2xx answers, ${row.real.errors} errors`);
      failed = true;
    }
    if (!QUICK && ratio < MIN_RATIO) {
      say(
        `  ✗ ${row.name} keeps ${(ratio * 100).toFixed(1)}% of the bare route's throughput; it must stay above ${MIN_RATIO * 100}%`,
      );
      failed = true;
    }
  }
  if (cold) {
    say(
      `${'event list, never kept'.padEnd(28)}${pad(Math.round(cold.real.rps), 11)}${pad(`${cold.real.p99} ms`, 10)}${pad(Math.round(cold.bare.rps), 12)}${pad(`${cold.bare.p99} ms`, 10)}${pad(`${((cold.real.rps / cold.bare.rps) * 100).toFixed(1)}%`, 8)}  (no budget)`,
    );
    if (cold.real.non2xx || cold.real.errors) {
      console.log(
        `  ✗ ${engine} uncached list: ${cold.real.non2xx} non-2xx answers, ${cold.real.errors} errors`,
      );
      failed = true;
    }
  }
  if (QUICK) {
    const floor = QUICK_FLOORS[engine]!;
    const pass = !failed && lowest >= floor;
    console.log(
      JSON.stringify({
        bench: 'catalogue',
        engine,
        ratio: Number(lowest.toFixed(3)),
        floor,
        pass,
        ratios: Object.fromEntries(rows.map((r) => [r.name, Number((r.real.rps / r.bare.rps).toFixed(3))])),
        load: os.loadavg()[0],
      }),
    );
    return pass;
  }
  say('');
  return !failed;
}

let ok = await run('sqlite');
ok = (await run('postgres')) && ok;
say(ok ? `OK: every endpoint stays above ${MIN_RATIO * 100}% of the bare route.` : 'FAIL');
process.exitCode = ok ? 0 : 1;
