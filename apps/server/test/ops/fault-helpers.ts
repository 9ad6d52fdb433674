// Private services for the fault tests, so killing one harms nothing else on the machine: a redis-server on a
// port of its own, a PostgreSQL cluster made with initdb in a temporary folder, a tmpfs of a given size. Plus a
// small traffic generator that records every answer with its time.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../scripts/free-port.ts';
import { waitUntil } from '../server-process.ts';

export const isRoot = () => process.getuid?.() === 0;

function which(command: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export const redisServerPath = () => which('redis-server');

// Debian keeps the server binaries out of PATH, one folder per major version; the newest one wins.
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      redisServerPath()!,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitUntil(() => portAnswers(port), 10_000, `redis-server on ${port}`);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill, stop: kill };
}

// PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user, as Debian's does.
export async function privatePostgres() {
  const bin = postgresBinDir()!;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-pg-'));
  const data = path.join(dir, 'data');
  fs.chmodSync(dir, 0o755);
  execFileSync('chown', ['postgres:postgres', dir]);
  const asPostgres = (command: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], {
      stdio: 'pipe',
      cwd: dir,
    });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', ...args]);
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Fast shutdown: open connections are terminated (57P01), as in a real restart or failover; until
    // `up`, new connections are refused.
    down: async () => {
      pgCtl('-m', 'fast', 'stop');
    },
    up: async () => {
      pgCtl('start');
    },
    stop: async () => {
      pgCtl('-m', 'immediate', 'stop');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function mountTmpfs(target: string, size: string): () => void {
  fs.mkdirSync(target, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', target]);
  return () => execFileSync('umount', ['-l', target]);
}

// `at`: when it was asked; `answeredAt`: when its answer (or the failure to get one) came.
export type Hit = {
  kind: string;
  base: string;
  at: number;
  answeredAt: number;
  status: number;
  retryAfter: string | null;
};
type Request = { kind: string; path: string; init?: (base: string) => RequestInit };

// A few clients asking in turn, round-robin over the servers and the requests, until stopped. A request
// that gets no answer (connection refused or reset) is recorded with status 0.
export function traffic(bases: string[], requests: Request[], clients = 3) {
  const hits: Hit[] = [];
  let running = true;
  let n = 0;
  const client = async () => {
    while (running) {
      const i = n++;
      const base = bases[i % bases.length]!;
      const request = requests[Math.floor(i / bases.length) % requests.length]!;
      const at = Date.now();
      const response = await fetch(`${base}${request.path}`, {
        ...request.init?.(base),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      await response?.arrayBuffer().catch(() => null);
      hits.push({
        kind: request.kind,
        base,
        at,
        answeredAt: Date.now(),
        status: response?.status ?? 0,
        retryAfter: response?.headers.get('retry-after') ?? null,
      });
      // A phone's pace, not a flood: the point is to be asking while the fault happens.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const done = Promise.all(Array.from({ length: clients }, client));
  return {
    hits: () => hits,
    stop: async () => {
      running = false;
      await done;
      return hits;
    },
  };
}
