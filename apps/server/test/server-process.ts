// Real server processes for the operations tests: `node apps/server/src/main.ts` with a clean environment,
// its JSON log lines kept, and helpers to wait for it, stop it and read what it logged.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  base: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  // Every line the process wrote to stdout, in order.
  lines: () => string[];
  // What the process wrote to stderr (a crash's stack, say).
  stderr: () => string;
  // The stdout lines that are JSON log records, parsed.
  records: () => Record<string, unknown>[];
  // Sends the signal and resolves with the exit code.
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
};

// Under libfaketime (`npm run test:any-hour`) a child keeps the test's clock. Left out of the clean environment,
// it would run on the real clock while the test writes its fixtures on the faked one (a session that expires a
// day after the faked now is long expired for a server on the real date, so every request is a 401). Inheriting
// FAKETIME as it is ("@<instant>": start there and run) would start the child's clock again at the run's first
// instant, behind the test by however long the run has been going. So the child starts where the test's clock
// is now, in epoch seconds (FAKETIME_FMT=%s, with the milliseconds; no time zone to read it in).
// Whether this process runs under libfaketime (`npm run test:any-hour`).
export function clockIsFaked(): boolean {
  return Boolean(process.env.FAKETIME && process.env.LD_PRELOAD?.includes('faketime'));
}

export function fakeClockEnv(): Record<string, string> {
  const { LD_PRELOAD, FAKETIME } = process.env;
  if (!clockIsFaked() || !LD_PRELOAD || !FAKETIME) return {};
  const env: Record<string, string> = { LD_PRELOAD };
  for (const [name, value] of Object.entries(process.env)) {
    // FAKETIME_SHARED names the faketime command's own shared memory; the child has no use for it.
    if (name.startsWith('FAKETIME') && name !== 'FAKETIME_SHARED' && value !== undefined) env[name] = value;
  }
  if (FAKETIME.startsWith('@')) {
    env.FAKETIME = `@${(Date.now() / 1000).toFixed(3)}`;
    env.FAKETIME_FMT = '%s';
  }
  return env;
}

// The child gets a clean environment: only what it needs, never the developer's DATABASE_URL.
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    // The run's compile cache (vitest.config.ts): a child compiles only what no process has compiled before.
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
    ...fakeClockEnv(),
    ...extra,
  };
}

export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// How long a server may take to answer its health check before its start counts as hung. A bound against a hang,
// not a speed: a started process strips and compiles a few hundred modules and migrates, which a loaded 2-core
// machine (a CI run beside other work) has been seen to take over 60 s to do. The hooks that start servers allow
// SERVER_START_MS per server and more (SERVER_HOOK_MS).
export const SERVER_START_MS = 180_000;
export const SERVER_HOOK_MS = 2 * SERVER_START_MS + 60_000;

export async function startServer(
  env: Record<string, string>,
  options: { port?: number; readyPath?: string; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-ops-'));
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: childEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_START: 'false',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const readyPath = options.readyPath ?? '/api/health';
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
        return fetch(`${base}${readyPath}`).then(
          (r) => r.ok,
          () => false,
        );
      },
      options.timeoutMs ?? SERVER_START_MS,
      `${base}${readyPath}`,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const lines = () => stdout.split('\n').filter(Boolean);
  return {
    base,
    port,
    child,
    dataDir,
    lines,
    stderr: () => stderr,
    records: () =>
      lines().flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    exited,
  };
}
