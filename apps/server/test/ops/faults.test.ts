// Faults with two real server processes: Redis killed and started again, PostgreSQL
// restarted under traffic, and a disk that fills up during an upload. Each service that fails is a private
// one started here (its own redis-server, its own PostgreSQL cluster, its own tmpfs), never the shared ones.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type Notification } from '@nocturna/shared';
import { signUp } from '../auth-helpers.ts';
import { person, staffedClub } from '../door-fixture.ts';
import { countTickets, sessionUsers, soldOf, ticketEvent } from '../tickets-fixture.ts';
import { nextEvent } from '../realtime-helpers.ts';
import { startCluster, type Cluster } from '../ops-cluster.ts';
import { testSchema } from '../test-app.ts';
import { SERVER_HOOK_MS, waitUntil } from '../server-process.ts';
import {
  isRoot,
  mountTmpfs,
  privatePostgres,
  privateRedis,
  postgresBinDir,
  redisServerPath,
  traffic,
  type Hit,
} from './fault-helpers.ts';

const DB_URL = process.env.TEST_DATABASE_URL;
const originOf = (base: string) => base.replace('127.0.0.1', 'localhost');

function socketTo(base: string, cookie: string): Socket {
  return io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    extraHeaders: { cookie, origin: originOf(base) },
  });
}

const grantRole = (base: string, admin: { cookie: string }, userId: string, role: string) =>
  fetch(`${base}/api/admin/users/${userId}/roles/${role}`, {
    method: 'PUT',
    headers: { cookie: admin.cookie, origin: originOf(base) },
  });

const redisOk = async (base: string, ok: boolean) => {
  const body = (await fetch(`${base}/api/health`)
    .then((r) => r.json())
    .catch(() => null)) as { redis?: { ok: boolean } } | null;
  return body?.redis?.ok === ok;
};

const serverErrors = (hits: Hit[]) => hits.filter((h) => h.status >= 500 || h.status === 0);

describe.runIf(DB_URL && redisServerPath())('Redis killed and started again, two servers', () => {
  let redis: Awaited<ReturnType<typeof privateRedis>>;
  let cluster: Cluster;
  beforeAll(async () => {
    redis = await privateRedis();
    cluster = await startCluster({
      databaseUrl: DB_URL!,
      redisUrl: redis.url,
      schema: testSchema('ops_redis'),
    });
  }, SERVER_HOOK_MS);
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
  }, 30_000);

  it(
    'keeps answering without 5xx, keeps its sockets, and carries broadcasts between servers again once Redis is back',
    { timeout: 120_000 },
    async () => {
      const [one, two] = cluster.servers as [Cluster['servers'][0], Cluster['servers'][0]];
      await ticketEvent(cluster.app.db, {
        startsInHours: 24,
        types: [{ name: 'General', priceCents: 0, capacity: 100 }],
      });
      const account = await signUp(cluster.app);
      const [onOne, onTwo, admin] = await sessionUsers(cluster.app, 3);
      await cluster.app.db
        .insertInto('user_roles')
        .values({ user_id: admin!.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
        .execute();

      const a = socketTo(one.base, onOne!.cookie);
      const b = socketTo(two.base, onTwo!.cookie);
      const drops: string[] = [];
      for (const s of [a, b]) s.on('disconnect', (reason) => drops.push(reason));
      await waitUntil(async () => a.connected && b.connected, 10_000, 'both sockets');

      // Browsing, and signing in: the rate-limited route whose counters live in Redis.
      let ip = 0;
      const load = traffic(
        [one.base, two.base],
        [
          { kind: 'browse', path: '/api/events' },
          {
            kind: 'sign-in',
            path: '/api/auth/sign-in/email',
            init: (base) => ({
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                origin: originOf(base),
                'x-forwarded-for': `10.99.${(ip >> 8) & 255}.${ip++ & 255}`,
              },
              body: JSON.stringify({ email: account.email, password: account.password }),
            }),
          },
        ],
      );
      await waitUntil(async () => load.hits().length >= 20, 20_000, 'traffic before the fault');

      await redis.kill();
      const killedAt = Date.now();
      await waitUntil(
        async () => (await redisOk(one.base, false)) && (await redisOk(two.base, false)),
        10_000,
        'both servers to notice Redis is gone',
      );
      const ready = await fetch(`${one.base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { reasons: string[] }).reasons).toContain('Redis no responde.');

      // Without Redis a server still reaches its own sockets.
      const local = nextEvent<Notification>(b, SOCKET_EVENTS.notificationNew, () => true, 10_000);
      expect((await grantRole(two.base, admin!, onTwo!.id, 'dj')).status).toBe(200);
      expect(await local).toMatchObject({ userId: onTwo!.id, type: 'role_granted' });
      await waitUntil(
        async () => load.hits().filter((h) => h.at > killedAt + 1000).length >= 20,
        20_000,
        'traffic during the outage',
      );

      await redis.start();
      const backAt = Date.now();
      await waitUntil(
        async () => (await redisOk(one.base, true)) && (await redisOk(two.base, true)),
        15_000,
        'both servers to reconnect to Redis',
      );
      // Across servers again, by itself: a grant on server two reaches a socket held by server one.
      const remote = nextEvent<Notification>(a, SOCKET_EVENTS.notificationNew, () => true, 10_000);
      expect((await grantRole(two.base, admin!, onOne!.id, 'dj')).status).toBe(200);
      expect(await remote).toMatchObject({ userId: onOne!.id, type: 'role_granted' });

      const hits = await load.stop();
      expect(drops).toEqual([]);
      a.disconnect();
      b.disconnect();
      const during = hits.filter((h) => h.at > killedAt && h.at < backAt);
      expect(during.filter((h) => h.kind === 'sign-in').length).toBeGreaterThan(0);
      // Sign-ins during the outage went through (limits let requests through rather than fail).
      expect(during.filter((h) => h.kind === 'sign-in' && h.status === 200).length).toBeGreaterThan(0);
      expect(serverErrors(hits)).toEqual([]);
      expect(await fetch(`${one.base}/api/ready`).then((r) => r.status)).toBe(200);
    },
  );
});

describe.runIf(isRoot() && postgresBinDir())('PostgreSQL restarted during traffic, two servers', () => {
  let pg: Awaited<ReturnType<typeof privatePostgres>>;
  let cluster: Cluster;
  beforeAll(async () => {
    pg = await privatePostgres();
    cluster = await startCluster({ databaseUrl: pg.url });
  }, SERVER_HOOK_MS);
  afterAll(async () => {
    await cluster?.close();
    await pg?.stop();
  }, 30_000);

  it(
    'answers 503 with Retry-After while it is away, recovers by itself, and leaves no half-written order',
    { timeout: 120_000 },
    async () => {
      const [one, two] = cluster.servers as [Cluster['servers'][0], Cluster['servers'][0]];
      const BUYERS = 60;
      const ev = await ticketEvent(cluster.app.db, {
        startsInHours: 24,
        types: [{ name: 'General', priceCents: 0, capacity: BUYERS }],
      });
      const buyers = await sessionUsers(cluster.app, BUYERS);
      const load = traffic(
        [one.base, two.base],
        [
          { kind: 'browse', path: '/api/events' },
          { kind: 'browse', path: `/api/events/${ev.eventId}` },
        ],
      );

      // Each buyer asks once with its own key and, when told to come back later (503) or cut off, asks again
      // with the same key, on the other server, as the app's client does.
      const purchases: Hit[] = [];
      const buy = async (buyer: { cookie: string }, i: number) => {
        await new Promise((resolve) => setTimeout(resolve, i * 50));
        const key = randomUUID();
        for (let attempt = 0; attempt < 40; attempt += 1) {
          const base = [one.base, two.base][(i + attempt) % 2]!;
          const at = Date.now();
          const response = await fetch(`${base}/api/tickets`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: originOf(base),
              cookie: buyer.cookie,
              'idempotency-key': key,
            },
            body: JSON.stringify({ ticketTypeId: ev.typeId(0), quantity: 1 }),
          }).catch(() => null);
          purchases.push({
            kind: 'ticket',
            base,
            at,
            answeredAt: Date.now(),
            status: response?.status ?? 0,
            retryAfter: response?.headers.get('retry-after') ?? null,
          });
          if (response && response.status < 300) return (await response.json()) as { tickets: unknown[] };
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        throw new Error('the purchase never went through');
      };
      const sale = Promise.all(buyers.map(buy));

      await waitUntil(async () => purchases.length >= 10, 20_000, 'purchases before the restart');
      const restartedAt = Date.now();
      await pg.down();
      // Down until both servers and a buyer have been told to come back later, as in a failover's seconds.
      const refused = (h: Hit) => h.at > restartedAt && h.status === 503;
      await waitUntil(
        async () =>
          [one.base, two.base].every((base) => load.hits().some((h) => refused(h) && h.base === base)) &&
          purchases.some(refused),
        15_000,
        'requests to meet the stopped database',
      );
      await pg.up();
      const upAt = Date.now();
      const bought = await sale;
      // The pool found its way back: both servers answer from the database again.
      await waitUntil(
        async () =>
          (await fetch(`${one.base}/api/events/${ev.eventId}`)).ok &&
          (await fetch(`${two.base}/api/events/${ev.eventId}`)).ok,
        10_000,
        'both servers to read again',
      );
      const hits = [...(await load.stop()), ...purchases];

      expect(bought.every((b) => b.tickets.length === 1)).toBe(true);
      const unavailable = hits.filter((h) => h.status === 503);
      expect(unavailable.every((h) => h.retryAfter === '2')).toBe(true);
      // Clean failures only: no 500, no cut connection; 503s only around the restart.
      const unclean = hits.filter((h) => h.status !== 503 && (h.status >= 300 || h.status === 0));
      expect(unclean, JSON.stringify(unclean.map((h) => ({ ...h, at: h.at - restartedAt })))).toEqual([]);
      // A 503 is an answer to the database being away: none answered before it went down (a request asked just
      // before, still waiting on a loaded machine, may meet the restart), none asked 5 s after it was back.
      const outside = unavailable.filter((h) => h.answeredAt < restartedAt || h.at > upAt + 5000);
      expect(
        outside,
        JSON.stringify(
          outside.map((h) => ({ ...h, at: h.at - restartedAt, answeredAt: h.answeredAt - restartedAt })),
        ),
      ).toEqual([]);

      // One ticket and one order per buyer; every order has its ticket.
      expect(await countTickets(cluster.app.db, ev.typeId(0))).toBe(BUYERS);
      expect(await soldOf(cluster.app.db, ev.typeId(0))).toBe(BUYERS);
      const orders = await cluster.app.db
        .selectFrom('ticket_orders as o')
        .leftJoin('tickets as t', 't.order_id', 'o.id')
        .select(['o.id', 'o.user_id', (eb) => eb.fn.count<number>('t.id').as('tickets')])
        .where('o.ticket_type_id', '=', ev.typeId(0))
        .groupBy(['o.id', 'o.user_id'])
        .execute();
      expect(orders).toHaveLength(BUYERS);
      expect(orders.every((o) => Number(o.tickets) === 1)).toBe(true);
      expect(new Set(orders.map((o) => o.user_id)).size).toBe(BUYERS);
    },
  );
});

describe.runIf(isRoot() && DB_URL)('a disk that fills up during an upload, two servers', () => {
  let cluster: Cluster;
  let uploads: string;
  let unmount: (() => void) | undefined;
  beforeAll(async () => {
    cluster = await startCluster({
      databaseUrl: DB_URL!,
      schema: testSchema('ops_disk'),
    });
    // Server one's uploads on a 2 MB filesystem of their own.
    uploads = path.join(cluster.servers[0]!.dataDir, 'uploads');
    unmount = mountTmpfs(uploads, '2m');
  }, SERVER_HOOK_MS);
  afterAll(async () => {
    unmount?.();
    await cluster?.close();
  }, 30_000);

  it(
    'answers 507, stores nothing and changes nothing, and works once there is room',
    { timeout: 60_000 },
    async () => {
      const [one, two] = cluster.servers as [Cluster['servers'][0], Cluster['servers'][0]];
      const admin = await person(cluster.app, 'admin');
      const { club, ceo } = await staffedClub(cluster.app, admin);
      // Noise: its WebP sizes take hundreds of kilobytes, so they do not fit in what is left below.
      const noise = Buffer.from(
        Array.from({ length: 1600 * 900 * 3 }, () => Math.floor(Math.random() * 256)),
      );
      const photo = await sharp(noise, { raw: { width: 1600, height: 900, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer();
      const upload = (base: string) => {
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'portada.jpg');
        return fetch(`${base}/api/manage/clubs/${club.id}/cover`, {
          method: 'POST',
          headers: { cookie: ceo.cookie, origin: originOf(base) },
          body,
        });
      };
      const before = await cluster.app.db
        .selectFrom('clubs')
        .select(['cover_url'])
        .where('id', '=', club.id)
        .executeTakeFirstOrThrow();
      const audits = async () =>
        Number(
          (
            await cluster.app.db
              .selectFrom('audit_log')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('club_id', '=', club.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const auditsBefore = await audits();

      // Fill the disk, leaving about 60 KB.
      const filler = path.join(uploads, 'filler.bin');
      const fd = fs.openSync(filler, 'w');
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024, 1));
      } catch (error) {
        expect((error as { code?: string }).code).toBe('ENOSPC');
      }
      fs.closeSync(fd);
      fs.truncateSync(filler, fs.statSync(filler).size - 60 * 1024);

      const full = await upload(one.base);
      expect(full.status).toBe(507);
      const body = (await full.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('STORAGE_FULL');
      expect(body.error.message).toMatch(/No queda espacio/);
      // Nothing half-stored: no cover of any size, no partial file; the club and its audit trail unchanged.
      const left = fs.readdirSync(uploads, { recursive: true }).map(String);
      expect(
        left.filter((name) => name !== 'filler.bin' && !fs.statSync(path.join(uploads, name)).isDirectory()),
      ).toEqual([]);
      const after = await cluster.app.db
        .selectFrom('clubs')
        .select(['cover_url'])
        .where('id', '=', club.id)
        .executeTakeFirstOrThrow();
      expect(after.cover_url).toBe(before.cover_url);
      expect(await audits()).toBe(auditsBefore);

      // The other server, with room, takes the same upload; and server one does too once space is freed.
      expect((await upload(two.base)).status).toBe(200);
      fs.rmSync(filler);
      const freed = await upload(one.base);
      expect(freed.status).toBe(200);
      const { url } = (await freed.json()) as { url: string };
      expect((await fetch(`${one.base}${url}`)).headers.get('content-type')).toBe('image/webp');
    },
  );
});
