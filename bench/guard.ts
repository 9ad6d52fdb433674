// `npm run bench:guard`: the short versions of the benches that guard the busiest paths, one after another
// (`node bench/<name>.bench.ts --quick`, each on both engines). Every quick bench prints one JSON line per engine,
// {"bench","engine","ratio","floor","pass"}, ratios against the same run's baseline. The guard collects the
// lines, prints a table and fails when a bench fails, prints no line (it has no quick mode yet), or hangs.
// A bench that fails is run once more and counts as failed only if it fails again: a short run's ratio on a 2-core
// machine moves by about a third between runs (docs/performance-sale-and-door.md), and a real slowdown fails
// both tries where a noisy one-second slice does not.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const BENCHES = ['catalogue', 'search', 'tickets-sale', 'door'];
// A quick bench that takes longer than this is stopped and counted as failed.
const TIMEOUT_MS = Number(process.env.BENCH_GUARD_TIMEOUT_MS ?? 150_000);

type Line = { bench: string; engine: string; ratio: number; floor: number; pass: boolean };
type Outcome = {
  name: string;
  lines: Line[];
  code: number | null;
  seconds: number;
  problem?: string;
  // The failed first try, when this outcome is the second.
  firstTry?: Outcome;
};

const failedOutcome = (outcome: Outcome) =>
  outcome.problem !== undefined || outcome.lines.some((line) => !line.pass);

function isLine(value: unknown): value is Line {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.bench === 'string' &&
    typeof v.engine === 'string' &&
    typeof v.ratio === 'number' &&
    typeof v.floor === 'number' &&
    typeof v.pass === 'boolean'
  );
}

function runQuick(name: string): Promise<Outcome> {
  const started = performance.now();
  const script = path.join(import.meta.dirname, `${name}.bench.ts`);
  return new Promise((resolve) => {
    // Its own process group, so a stopped bench takes its server children (which hold its output open) along.
    const child = spawn(process.execPath, [script, '--quick'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const lines: Line[] = [];
      for (const text of out.split('\n')) {
        if (!text.startsWith('{')) continue;
        try {
          const parsed: unknown = JSON.parse(text);
          if (isLine(parsed)) lines.push(parsed);
        } catch {
          // Not one of the result lines.
        }
      }
      const seconds = (performance.now() - started) / 1000;
      let problem: string | undefined;
      if (signal) problem = `stopped after ${Math.round(TIMEOUT_MS / 1000)} s`;
      else if (!lines.length)
        problem =
          code === 0
            ? 'printed no result line: no --quick mode?'
            : `exited with ${code} and no result line: ${(err.trim() || out.trim()).split('\n').slice(-3).join(' · ')}`;
      else if (code !== 0 && lines.every((l) => l.pass)) problem = `exited with ${code}`;
      resolve({ name, lines, code, seconds, problem });
    });
  });
}

const started = performance.now();
console.log(
  `Nocturna bench guard · Node ${process.versions.node} · ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at start\n`,
);
const outcomes: Outcome[] = [];
for (const name of BENCHES) {
  process.stdout.write(`${name} --quick … `);
  const outcome = await runQuick(name);
  console.log(`${outcome.seconds.toFixed(0)} s${failedOutcome(outcome) ? ', failed' : ''}`);
  if (!failedOutcome(outcome)) {
    outcomes.push(outcome);
    continue;
  }
  process.stdout.write(`${name} --quick, second try … `);
  const second = await runQuick(name);
  console.log(`${second.seconds.toFixed(0)} s`);
  outcomes.push({ ...second, firstTry: outcome });
}

const pad = (text: string, width: number) => text.padEnd(width);
console.log(`\n${pad('bench', 14)}${pad('engine', 10)}${'ratio'.padStart(8)}${'floor'.padStart(8)}  result`);
let failed = false;
for (const outcome of outcomes) {
  for (const line of outcome.lines) {
    const first = outcome.firstTry?.lines.find((l) => l.engine === line.engine);
    const firstTry = first ? ` (first try ${first.ratio.toFixed(3)}${first.pass ? '' : ', below'})` : '';
    console.log(
      `${pad(line.bench, 14)}${pad(line.engine, 10)}${line.ratio.toFixed(3).padStart(8)}${line.floor.toFixed(3).padStart(8)}  ${line.pass ? 'ok' : 'FAIL'}${firstTry}`,
    );
    if (!line.pass) failed = true;
  }
  if (outcome.problem) {
    console.log(
      `${pad(outcome.name, 14)}${pad('—', 10)}${'—'.padStart(8)}${'—'.padStart(8)}  FAIL: ${outcome.problem}`,
    );
    failed = true;
  }
}
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(failed ? 'FAIL' : 'OK');
process.exitCode = failed ? 1 : 0;
