// The soak benchmark's cluster: two real server processes (`node apps/server/src/main.ts`, as deployed) on one
// fresh PostgreSQL schema and one Redis, sharing AUTH_SECRET and TICKET_SIGNING_KEY, with /metrics behind
// METRICS_TOKEN. Their JSON logs go to a file each (LOG_LEVEL=info as in deploy/), not into the load
// generator's memory. The schema and the data directory are removed by close().
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

export type SoakServer = {
  name: string;
  port: number;
  base: string;
  // The Origin a browser on this server would send with a write.
  origin: string;
  child: ChildProcess;
  logFile: string;
};

export type SoakCluster = {
  servers: SoakServer[];
  schema: string;
  // The same database, for the fixtures: search_path on the schema.
  databaseUrl: string;
  authSecret: string;
  ticketSigningKey: string;
  metricsToken: string;
  dataDir: string;
  close: () => Promise<void>;
};

async function waitForHealth(server: SoakServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      const log = fs.readFileSync(server.logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(`${server.name} exited with ${server.child.exitCode}:\n${log}`);
    }
    const ok = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${server.name} did not answer /api/health`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startServer(name: string, env: Record<string, string>, dataDir: string): Promise<SoakServer> {
  const port = await freePort();
  const logFile = path.join(dataDir, `${name}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dataDir, name),
      SEED_ON_START: 'false',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const server = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    child,
    logFile,
  };
  try {
    await waitForHealth(server, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function startSoakCluster(options: {
  databaseUrl: string;
  redisUrl: string;
  logLevel: string;
}): Promise<SoakCluster> {
  const schema = `bench_soak_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-soak-'));
  await onPostgres(options.databaseUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(options.databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const authSecret = crypto.randomBytes(32).toString('base64url');
  const ticketSigningKey = crypto.randomBytes(32).toString('base64');
  const metricsToken = crypto.randomBytes(24).toString('base64url');
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL: options.redisUrl,
    AUTH_SECRET: authSecret,
    TICKET_SIGNING_KEY: ticketSigningKey,
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: options.logLevel,
  };
  const servers: SoakServer[] = [];
  const close = async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
            s.child.once('exit', () => resolve());
            s.child.kill('SIGTERM');
            setTimeout(() => s.child.kill('SIGKILL'), 20_000).unref();
          }),
      ),
    );
    await onPostgres(options.databaseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first one migrates the schema.
    servers.push(await startServer('server-1', env, dataDir));
    servers.push(await startServer('server-2', env, dataDir));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    servers,
    schema,
    databaseUrl: options.databaseUrl,
    authSecret,
    ticketSigningKey,
    metricsToken,
    dataDir,
    close,
  };
}

export type ServerSample = { rssBytes: number; heapUsedBytes: number; lagP99Seconds: number };

// One read of /metrics. prom-client resets its event-loop histogram on every read, so the lag p99 covers the
// time since the previous read.
export async function sampleMetrics(server: SoakServer, token: string): Promise<ServerSample> {
  const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${server.name} /metrics answered ${response.status}`);
  const text = await response.text();
  const value = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
    if (!match) throw new Error(`${server.name} /metrics has no ${name}`);
    return Number(match[1]);
  };
  return {
    rssBytes: value('process_resident_memory_bytes'),
    heapUsedBytes: value('nodejs_heap_size_used_bytes'),
    lagP99Seconds: value('nodejs_eventloop_lag_p99_seconds'),
  };
}

// What a server logged at error level or above (pino levels: 50 error, 60 fatal).
export function loggedErrors(server: SoakServer): { count: number; first: string[] } {
  const first: string[] = [];
  let count = 0;
  for (const line of fs.readFileSync(server.logFile, 'utf8').split('\n')) {
    if (!/"level":(50|60)\b/.test(line)) continue;
    count += 1;
    if (first.length < 3) first.push(line.slice(0, 300));
  }
  return { count, first };
}
