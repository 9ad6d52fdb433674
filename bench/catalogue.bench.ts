// `npm run bench`: requests per second and p99 latency of the event list (genre filter) and event detail
// on SQLite with the Madrid dataset ×50, against a bare Fastify route returning the same JSON from memory,
// measured in the same run. The event list must keep at least 30% of the bare route's throughput.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchTargets } from './bench-server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 20;
const MIN_LIST_RATIO = 0.3;

type Measure = { rps: number; p99: number; non2xx: number; errors: number };

async function measureOnce(url: string, duration: number): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
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
async function compare(appUrl: string, bareUrl: string): Promise<{ real: Measure; bare: Measure }> {
  const slices = { real: [] as Measure[], bare: [] as Measure[] };
  for (let i = 0; i < DURATION_S; i++) {
    slices.real.push(await measureOnce(appUrl, 1));
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

const child = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const targets = await new Promise<BenchTargets>((resolve, reject) => {
  child.once('message', (m) => resolve(m as BenchTargets));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
child.removeAllListeners('exit');

const { clubs, events, loadSeconds } = targets.dataset;
console.log(
  `Nocturna catalogue benchmark · Node ${process.versions.node} · SQLite · ${clubs} clubs, ${events} events (loaded in ${loadSeconds.toFixed(1)} s)`,
);
console.log(
  `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint in alternating 1 s slices, 127.0.0.1`,
);
// The load generator needs a CPU of its own: on a busy machine the bare route is held back by the client more than
// the app is, which flatters the ratio. Print the conditions with the figures.
console.log(
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
child.disconnect();

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${'endpoint'.padEnd(28)}${pad('app req/s', 11)}${pad('app p99', 10)}${pad('bare req/s', 12)}${pad('bare p99', 10)}${pad('ratio', 8)}`,
);
let failed = false;
for (const row of rows) {
  const ratio = row.real.rps / row.bare.rps;
  console.log(
    `${row.name.padEnd(28)}${pad(Math.round(row.real.rps), 11)}${pad(`${row.real.p99} ms`, 10)}${pad(Math.round(row.bare.rps), 12)}${pad(`${row.bare.p99} ms`, 10)}${pad(`${(ratio * 100).toFixed(1)}%`, 8)}`,
  );
  if (row.real.non2xx || row.real.errors) {
    console.log(`  ✗ ${row.path}: ${row.real.non2xx} non-2xx answers, ${row.real.errors} errors`);
    failed = true;
  }
  if (row.path === targets.listPath && ratio < MIN_LIST_RATIO) {
    console.log(
      `  ✗ the event list keeps ${(ratio * 100).toFixed(1)}% of the bare route's throughput; it must stay above ${MIN_LIST_RATIO * 100}%`,
    );
    failed = true;
  }
}
console.log(
  failed ? '\nFAIL' : `\nOK: the event list stays above ${MIN_LIST_RATIO * 100}% of the bare route.`,
);
process.exitCode = failed ? 1 : 0;
