// `npm run bench:people`: requests per second and p99 latency of user search, suggestions, the connections
// list, the tab counts and another person's profile, signed in, on SQLite with 20,000 people and 200,000
// connections, against a bare Fastify route returning the same JSON from memory, measured in the same run.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import type { PeopleTargets } from './people-server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;

type Measure = { rps: number; p99: number; non2xx: number; errors: number };

async function measureOnce(url: string, cookie: string, duration: number): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  return {
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// App and bare route alternate in one-second slices so a busy machine slows both alike.
async function compare(appUrl: string, bareUrl: string, cookie: string) {
  const slices = { real: [] as Measure[], bare: [] as Measure[] };
  for (let i = 0; i < DURATION_S; i++) {
    slices.real.push(await measureOnce(appUrl, cookie, 1));
    slices.bare.push(await measureOnce(bareUrl, cookie, 1));
  }
  const combine = (list: Measure[]): Measure => ({
    rps: list.reduce((sum, m) => sum + m.rps, 0) / list.length,
    p99: median(list.map((m) => m.p99)),
    non2xx: list.reduce((sum, m) => sum + m.non2xx, 0),
    errors: list.reduce((sum, m) => sum + m.errors, 0),
  });
  return { real: combine(slices.real), bare: combine(slices.bare) };
}

const child = fork(path.join(import.meta.dirname, 'people-server.ts'), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const targets = await new Promise<PeopleTargets>((resolve, reject) => {
  child.once('message', (m) => resolve(m as PeopleTargets));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
child.removeAllListeners('exit');

const { people, connections, tickets, loadSeconds } = targets.dataset;
console.log(
  `Nocturna people benchmark · Node ${process.versions.node} · SQLite · ${people} people, ${connections} connections, ${tickets} tickets (loaded in ${loadSeconds.toFixed(1)} s)`,
);
console.log(
  `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint in alternating 1 s slices, signed in, 127.0.0.1\n`,
);
const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${'endpoint'.padEnd(26)}${pad('app req/s', 11)}${pad('app p99', 10)}${pad('bare req/s', 12)}${pad('bare p99', 10)}${pad('ratio', 8)}`,
);
let failed = false;
for (const { name, path: urlPath } of targets.paths) {
  const realUrl = `http://127.0.0.1:${targets.realPort}${urlPath}`;
  const bareUrl = `http://127.0.0.1:${targets.barePort}${urlPath}`;
  await measureOnce(realUrl, targets.cookie, 1);
  await measureOnce(bareUrl, targets.cookie, 1);
  const { real, bare } = await compare(realUrl, bareUrl, targets.cookie);
  console.log(
    `${name.padEnd(26)}${pad(Math.round(real.rps), 11)}${pad(`${real.p99} ms`, 10)}${pad(Math.round(bare.rps), 12)}${pad(`${bare.p99} ms`, 10)}${pad(`${((real.rps / bare.rps) * 100).toFixed(1)}%`, 8)}`,
  );
  if (real.non2xx || real.errors) {
    console.log(`  ✗ ${urlPath}: ${real.non2xx} non-2xx answers, ${real.errors} errors`);
    failed = true;
  }
}
child.disconnect();
console.log(failed ? '\nFAIL' : '\nOK');
process.exitCode = failed ? 1 : 0;
