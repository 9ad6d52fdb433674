// What the door benchmarks share: the door server in a child process (door-server.ts), the timed requests a
// door makes (scan, exit, aforo) and the baseline one, closed-loop load from a fixed number of doors, and the
// summary and table rows they print. Used by door.bench.ts and door-fair.bench.ts.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Aforo } from '@nocturna/shared';
import { freePort } from '../scripts/free-port.ts';
import { profileArgs } from './profile-args.ts';
import { percentile } from './bench-stats.ts';
import type { DoorBenchCount, DoorBenchTargets } from './door-server.ts';

// The door benchmarks' size (DOORS, TICKETS may be set for a quick try) and their aim for a scan's p99.
export const DOORS = Number(process.env.DOORS ?? 10);
export const TICKETS = Number(process.env.TICKETS ?? 5000);
export const P99_AIM_MS = 50;

export type DoorServer = {
  targets: DoorBenchTargets;
  // The database's own count of entries and movements, asked once the load is over.
  count: () => Promise<DoorBenchCount>;
  // The server's event-loop delay (ms) since the last call.
  loop: () => Promise<{ p99: number; max: number }>;
  // CPU (ms) the server process has used so far, without its side-work worker (null where /proc is not there).
  cpuMs: () => number | null;
  // Lets the child close the app and drop its database.
  stop: () => void;
};

export async function startDoorServer(
  settings: { tickets: number; doors: number },
  databaseUrl?: string,
): Promise<DoorServer> {
  const port = await freePort();
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'door-server.ts'), {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      TICKETS: String(settings.tickets),
      DOORS: String(settings.doors),
      ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      ...(process.env.JOB_WORKER ? { JOB_WORKER: process.env.JOB_WORKER } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: profileArgs(),
  });
  const targets = await new Promise<DoorBenchTargets>((resolve, reject) => {
    child.once('message', (m) => resolve(m as DoorBenchTargets));
    child.once('exit', (code) => reject(new Error(`door bench server exited with ${code}`)));
  });
  child.removeAllListeners('exit');
  await quiet(child.pid);
  const count = () =>
    new Promise<DoorBenchCount>((resolve) => {
      child.on(
        'message',
        (m: { type: string; value: DoorBenchCount }) => m.type === 'count' && resolve(m.value),
      );
      child.send({ type: 'count' });
    });
  const loop = () =>
    new Promise<{ p99: number; max: number }>((resolve) => {
      const listener = (m: { type: string; value: { p99: number; max: number } }) => {
        if (m.type !== 'loop') return;
        child.off('message', listener);
        resolve(m.value);
      };
      child.on('message', listener);
      child.send({ type: 'loop' });
    });
  const cpuMs = () => (child.pid === undefined ? null : processCpuMs(child.pid));
  return { targets, count, loop, cpuMs, stop: () => child.disconnect() };
}

// CPU (ms) a process has used so far, from Linux's /proc (USER_HZ: 1/100 s); null where there is none.
function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

// The same for a process and its descendants.
function treeCpuMs(pid: number): number | null {
  const own = processCpuMs(pid);
  if (own === null) return null;
  try {
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return children.reduce((sum, child) => sum + (treeCpuMs(Number(child)) ?? 0), own);
  } catch {
    return null;
  }
}

// Waits until the server and its side-work worker are at rest: the server forks the worker once it listens, and
// the worker's start-up (loading and compiling the whole app, 4-5 s of CPU on this 2-core machine) would otherwise
// run during the timed requests, taking the CPU from whichever of them happened to run beside it (the scans more
// than the baseline, as they last longer). At rest = under 4 % of a CPU over half a second; at most 60 s.
async function quiet(pid: number | undefined): Promise<void> {
  if (pid === undefined || treeCpuMs(pid) === null) return;
  const until = performance.now() + 60_000;
  let last = treeCpuMs(pid)!;
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = treeCpuMs(pid);
    if (now === null || now - last <= 20) return;
    last = now;
  }
}

export type Timed = { ms: number; status: number; outcome?: string };

export async function timed(
  request: () => Promise<Response>,
  read: (body: unknown) => string | undefined = () => undefined,
): Promise<Timed> {
  const started = performance.now();
  const response = await request();
  const body: unknown = await response.json();
  return { ms: performance.now() - started, status: response.status, outcome: read(body) };
}

// The requests of one door (`door` picks its staff session), as the door page makes them.
export function doorRequests(targets: DoorBenchTargets) {
  const { url, origin, eventId, doors } = targets;
  const post = (door: number, route: string, body: unknown) =>
    fetch(`${url}/api/door/events/${eventId}/${route}`, {
      method: 'POST',
      headers: { cookie: doors[door]!, origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const answer = (body: unknown) => (body as { outcome?: string }).outcome;
  return {
    // The baseline: an authenticated GET (session lookup + one indexed read).
    baseline: (door: number) =>
      timed(() => fetch(`${url}/api/me/roles`, { headers: { cookie: doors[door]! } })),
    scan: (token: string, door: number) =>
      timed(() => post(door, 'scans', { token, door: `Puerta ${door + 1}` }), answer),
    exit: (ticketId: string, door: number) =>
      timed(() => post(door, 'exits', { ticketId, door: `Puerta ${door + 1}` }), answer),
    aforo: async (): Promise<Aforo> => {
      const response = await fetch(`${url}/api/door/events/${eventId}/aforo`, {
        headers: { cookie: doors[0]! },
      });
      if (response.status !== 200) throw new Error(`aforo answered ${response.status}`);
      return (await response.json()) as Aforo;
    },
  };
}

// `workers` loops pull the next job from one shared list, so adjacent jobs run at the same moment.
export async function runLoad<T>(
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

// The baseline around a door run: `count` authenticated GETs from `workers` doors at once.
export const baselineLoad = (
  requests: ReturnType<typeof doorRequests>,
  count: number,
  workers: number,
): ReturnType<typeof runLoad<number>> =>
  runLoad(
    Array.from({ length: count }, (_, i) => i),
    workers,
    (_, worker) => requests.baseline(worker),
  );

export type Summary = { count: number; rps: number; p50: number; p99: number; non200: number };

export function summary(results: Timed[], seconds: number): Summary {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    count: results.length,
    rps: results.length / seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    non200: results.filter((r) => r.status !== 200).length,
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

export const tableHead = (labelWidth = 34) =>
  `  ${'requests'.padEnd(labelWidth)}${pad('count', 7)}${pad('req/s', 9)}${pad('p50', 10)}${pad('p99', 10)}`;
export const tableRow = (label: string, s: Summary, labelWidth = 34) =>
  `  ${label.padEnd(labelWidth)}${pad(s.count, 7)}${pad(Math.round(s.rps), 9)}${pad(ms(s.p50), 10)}${pad(ms(s.p99), 10)}`;
// The same row against the baseline: its share of the baseline's throughput, its p50 and p99 as multiples.
export const versus = (s: Summary, base: Summary) =>
  `${pad(`${((s.rps / base.rps) * 100).toFixed(1)}%`, 9)}${pad(`×${(s.p50 / base.p50).toFixed(2)}`, 8)}${pad(`×${(s.p99 / base.p99).toFixed(2)}`, 8)}`;
