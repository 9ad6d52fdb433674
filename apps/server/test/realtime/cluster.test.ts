// Across servers: two real server processes sharing PostgreSQL and Redis, and one server riding out a Redis
// outage. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set, like the other cross-server suites.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type Notification } from '@nocturna/shared';
import { createTestApp, testSchema, type TestApp } from '../test-app.ts';
import { freshIp, newProfile, signUp } from '../auth-helpers.ts';
import { connect, connected, listen, nextEvent } from '../realtime-helpers.ts';
import { notify } from '../../src/features/notifications/service.ts';
import { freePort } from '../../../../scripts/free-port.ts';
import { fakeClockEnv } from '../server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DB_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const CLUSTER = DB_URL && REDIS_URL ? [{ db: DB_URL, redis: REDIS_URL }] : [];
const REDIS = REDIS_URL ? [REDIS_URL] : [];

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} did not start`);
}

describe.each(CLUSTER)('two server processes sharing PostgreSQL and Redis', ({ db, redis }) => {
  const schema = testSchema('cluster');
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];
  const dirs: string[] = [];
  let first = '';
  let second = '';

  async function start(port: number): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-cluster-'));
    dirs.push(dataDir);
    const url = new URL(db);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        REDIS_URL: redis,
        // Both servers must accept each other's session cookies.
        AUTH_SECRET: 'cluster-test-secret-0123456789abcdef0123456789',
        SEED_ON_START: 'false',
        LOG_LEVEL: 'warn',
        ...fakeClockEnv(),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child);
    return base;
  }

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    // One after the other: the first one migrates the schema.
    first = await start(await freePort());
    second = await start(await freePort());
  }, 150_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) =>
            child.exitCode !== null
              ? resolve()
              : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
          ),
      ),
    );
    // The schema is dropped with the run's others once every file is done (test/global-setup.ts).
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  async function signUpOn(base: string) {
    const profile = newProfile();
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: base.replace('127.0.0.1', 'localhost'),
        'x-forwarded-for': freshIp(),
      },
      body: JSON.stringify(profile),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: ((await response.json()) as { user: { id: string } }).user.id, cookie };
  }

  it('a notification raised through the second server reaches a socket on the first within a second', async () => {
    const user = await signUpOn(second);
    const admin = await signUpOn(second);
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    await client.query(
      `INSERT INTO ${schema}.user_roles (user_id, role, granted_by, granted_at) VALUES ($1, 'admin', NULL, now())`,
      [admin.id],
    );
    await client.end();

    const socket = connect(first, user.cookie, first.replace('127.0.0.1', 'localhost'));
    sockets.push(socket);
    await connected(socket, 10_000);
    const arrived = nextEvent<Notification>(socket, SOCKET_EVENTS.notificationNew, () => true, 30_000);
    const grant = await fetch(`${second}/api/admin/users/${user.id}/roles/dj`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, origin: second.replace('127.0.0.1', 'localhost') },
    });
    expect(grant.status).toBe(200);
    const notification = await arrived;
    expect(notification).toMatchObject({ userId: user.id, type: 'role_granted' });
  });
});

// A TCP relay in front of Redis that the test can cut and restore, to play Redis going away.
function redisRelay(target: URL) {
  let server: net.Server | undefined;
  const open = new Set<net.Socket>();
  let port = 0;
  return {
    async up() {
      server = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 6379), target.hostname);
        open.add(inbound).add(outbound);
        inbound.pipe(outbound).pipe(inbound);
        for (const s of [inbound, outbound]) s.on('error', () => undefined).on('close', () => open.delete(s));
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as net.AddressInfo).port;
      return `redis://127.0.0.1:${port}`;
    },
    async down() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

describe.each(REDIS)('a server whose Redis (%s) goes away', (redisUrl) => {
  const relay = redisRelay(new URL(redisUrl));
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { redisUrl: await relay.up() });
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await relay.down();
  });

  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
  const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('keeps serving HTTP and local sockets, reports it in /api/health, and reconnects when Redis returns', async () => {
    await until(async () => (await health()).redis.ok === true);
    expect((await health()).status).toBe('ok');
    const user = await signUp(t.app);
    const socket = connect(url, user.cookie);
    await connected(socket);

    await relay.down();
    await until(async () => (await health()).redis.ok === false);
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      redis: { configured: true, ok: false },
    });

    // Raising a notification still works and still reaches this server's tabs.
    const arrived = nextEvent<Notification>(socket, SOCKET_EVENTS.notificationNew);
    await notify(t.app.db, t.app.realtime, {
      userId: user.id,
      type: 'system',
      message: 'addedToDoor',
      data: { clubName: 'Sin Redis' },
    });
    // The socket carries what the API lists: the message and its data, with the Spanish words.
    expect(await arrived).toMatchObject({
      message: 'addedToDoor',
      data: { clubName: 'Sin Redis' },
      title: 'Estás en la puerta de Sin Redis',
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/notifications/unread-count',
          headers: { cookie: user.cookie },
        })
      ).json(),
    ).toEqual({ count: 1 });

    await relay.up();
    await until(async () => (await health()).redis.ok === true);
    expect((await health()).status).toBe('ok');
    socket.disconnect();
  }, 30_000);
});
