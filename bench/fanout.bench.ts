// Fan-out benchmark: 1,000 Socket.IO clients on one server, notifications published at a steady
// rate through the real notify(); delivery latency p50/p99 and server memory per connection. Then the same
// with two servers sharing the database and Redis: sockets on the first, notifications raised on the second.
// Run: node bench/fanout.bench.ts   (REDIS_URL defaults to redis://127.0.0.1:6379; CONNECTIONS, RATE, SECONDS)
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type Notification } from '@nocturna/shared';
import { freePort } from '../scripts/free-port.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 1000);
const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 10);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'fanout-bench-secret-0123456789abcdef0123456789';

type Server = { child: ChildProcess; url: string; ask: <T>(message: object) => Promise<T> };

async function startServer(dataDir: string, redisUrl?: string): Promise<Server> {
  const port = await freePort();
  const child = fork(path.join(import.meta.dirname, 'fanout-server.ts'), {
    execArgv: ['--expose-gc'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<string, (value: unknown) => void>();
  child.on('message', (m: { type: string; value: unknown }) => pending.get(m.type)?.(m.value));
  const ask = <T>(message: object & { type?: string }) =>
    new Promise<T>((resolve) => {
      pending.set((message as { type: string }).type, resolve as (v: unknown) => void);
      child.send(message);
    });
  await new Promise<void>((resolve, reject) => {
    pending.set('ready', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, ask };
}

async function connectAll(url: string, cookies: string[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches, as tabs would open over time rather than in one instant.
  for (let i = 0; i < cookies.length; i += 100) {
    const batch = cookies.slice(i, i + 100).map(
      (cookie) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(url, {
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            extraHeaders: { cookie },
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

type Result = {
  label: string;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  expected: number;
  bytesPerConnection: number;
  connectMs: number;
};

async function run(
  label: string,
  socketServer: Server,
  publisher: Server,
  users: { id: string; cookie: string }[],
): Promise<Result> {
  const before = await socketServer.ask<NodeJS.MemoryUsage>({ type: 'memory' });
  const connectStarted = performance.now();
  const sockets = await connectAll(
    socketServer.url,
    users.map((u) => u.cookie),
  );
  const connectMs = performance.now() - connectStarted;
  const after = await socketServer.ask<NodeJS.MemoryUsage>({ type: 'memory' });
  const latencies: number[] = [];
  for (const socket of sockets)
    socket.on(SOCKET_EVENTS.notificationNew, (n: Notification) =>
      latencies.push(performance.timeOrigin + performance.now() - Number(n.refs.sentAt)),
    );
  const expected = await publisher.ask<number>({
    type: 'publish',
    userIds: users.map((u) => u.id),
    perSecond: RATE,
    seconds: SECONDS,
  });
  await new Promise((r) => setTimeout(r, 1000));
  for (const socket of sockets) socket.disconnect();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    label,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    delivered: sorted.length,
    expected,
    bytesPerConnection:
      (after.heapUsed + after.external - before.heapUsed - before.external) / sockets.length,
    connectMs,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-fanout-'));
const servers: Server[] = [];
try {
  const one = await startServer(dataDir);
  servers.push(one);
  const users = await one.ask<{ id: string; cookie: string }[]>({ type: 'users', count: CONNECTIONS });
  console.log(
    `\n${CONNECTIONS} connections, ${RATE} notifications/s for ${SECONDS} s, each to one user (one socket per user)\n`,
  );
  const single = await run('one server', one, one, users);
  one.child.kill('SIGTERM');
  await new Promise((r) => one.child.once('exit', r));
  servers.pop();

  const a = await startServer(dataDir, REDIS_URL);
  servers.push(a);
  const b = await startServer(dataDir, REDIS_URL);
  servers.push(b);
  const double = await run('two servers + Redis (sockets on A, published on B)', a, b, users);

  const row = (r: Result) =>
    `${r.label.padEnd(52)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  max ${r.max.toFixed(1).padStart(5)} ms  delivered ${r.delivered}/${r.expected}  ${(r.bytesPerConnection / 1024).toFixed(1)} KiB/connection  connect ${(r.connectMs / 1000).toFixed(1)} s`;
  console.log(row(single));
  console.log(row(double));
  console.log(
    `\nratio two-server / one-server: p50 ×${(double.p50 / single.p50).toFixed(2)}  p99 ×${(double.p99 / single.p99).toFixed(2)}  memory/connection ×${(double.bytesPerConnection / single.bytesPerConnection).toFixed(2)}\n`,
  );
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
