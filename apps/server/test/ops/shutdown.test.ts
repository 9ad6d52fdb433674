// SIGTERM in the middle of a flash sale, with two real servers on PostgreSQL and Redis: the stopping server
// finishes what it started, buyers it turns away retry on the other server with the same Idempotency-Key,
// nobody loses a ticket or gets two, and a socket behind the "proxy" comes back on the other server by itself.
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type Notification } from '@nocturna/shared';
import { countTickets, sessionUsers, soldOf, ticketEvent } from '../tickets-fixture.ts';
import { nextEvent } from '../realtime-helpers.ts';
import { startCluster, tcpBalancer, type Cluster } from '../ops-cluster.ts';
import { testSchema } from '../test-app.ts';
import { SERVER_HOOK_MS, waitUntil } from '../server-process.ts';

const DB_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const RUNS = DB_URL && REDIS_URL ? [{ db: DB_URL, redis: REDIS_URL }] : [];
const BUYERS = 300;

type Outcome = { status: number; ticketIds: string[]; via: 'first' | 'second'; at: number };

describe.each(RUNS)('SIGTERM during a flash sale', ({ db, redis }) => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({
      databaseUrl: db,
      redisUrl: redis,
      schema: testSchema('ops_stop'),
      // The drain is the sales in flight at the signal, queued on the ticket type's row: about 150 on an idle
      // machine, done in about 3 s. CI runs other database-heavy files alongside and once needed more than 15 s,
      // so the grace is long enough to tell "still finishing work" from "held by an idle connection".
      env: { SHUTDOWN_GRACE_MS: '60000' },
    });
  }, SERVER_HOOK_MS);
  afterAll(async () => cluster?.close(), 30_000);

  it(
    'loses no ticket, issues none twice, and the socket reconnects to the other server',
    { timeout: 180_000 },
    async () => {
      const [first, second] = cluster.servers as [(typeof cluster.servers)[0], (typeof cluster.servers)[0]];
      const ev = await ticketEvent(cluster.app.db, {
        startsInHours: 24,
        types: [{ name: 'General', priceCents: 0, capacity: BUYERS }],
      });
      const buyers = await sessionUsers(cluster.app, BUYERS);
      const [watcher, admin] = await sessionUsers(cluster.app, 2);
      await cluster.app.db
        .insertInto('user_roles')
        .values({ user_id: admin!.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
        .execute();

      // A signed-in tab behind the proxy: the balancer sends it to the first server while it is up.
      const proxy = await tcpBalancer([first.port, second.port]);
      const socket = io(proxy.url, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnectionDelay: 100,
        extraHeaders: { cookie: watcher!.cookie },
      });
      const hint = nextEvent<{ reconnectAfterMs: number }>(
        socket,
        SOCKET_EVENTS.serverRestarting,
        () => true,
        60_000,
      );
      await waitUntil(async () => socket.connected, 10_000, 'the socket to connect');

      const post = (base: string, cookie: string, key: string) =>
        fetch(`${base}/api/tickets`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: base.replace('127.0.0.1', 'localhost'),
            cookie,
            'idempotency-key': key,
          },
          body: JSON.stringify({ ticketTypeId: ev.typeId(0), quantity: 1 }),
        }).then(
          async (r) => ({
            status: r.status,
            body: (await r.json().catch(() => null)) as { tickets?: { id: string }[] } | null,
          }),
          () => ({ status: 0, body: null }),
        );

      let answeredByFirst = 0;
      let stoppedAt = Infinity;
      // Buyers arrive over about three seconds, as a queue released at once does: some are mid-request
      // when the signal comes, some arrive after it.
      const sale = buyers.map(async (buyer, i): Promise<Outcome> => {
        await new Promise((resolve) => setTimeout(resolve, i * 10));
        const key = randomUUID();
        const before = await post(first.base, buyer.cookie, key);
        if (before.status === 200 || before.status === 201) {
          answeredByFirst += 1;
          return {
            status: before.status,
            ticketIds: before.body!.tickets!.map((t) => t.id),
            via: 'first',
            at: Date.now(),
          };
        }
        // Refused (503 while closing) or cut off: the client retries on the other server with the same key.
        expect([0, 503]).toContain(before.status);
        const after = await post(second.base, buyer.cookie, key);
        return {
          status: after.status,
          ticketIds: after.body?.tickets?.map((t) => t.id) ?? [],
          via: 'second',
          at: Date.now(),
        };
      });
      await waitUntil(async () => answeredByFirst >= 30, 30_000, 'the sale to get going');
      stoppedAt = Date.now();
      first.child.kill('SIGTERM');
      const outcomes = await Promise.all(sale);
      // On failure, what the stopping server logged (warnings and errors) tells a slow close from a failed one.
      expect(await first.exited, [...first.lines().slice(-20), first.stderr()].join('\n')).toBe(0);
      // It closed by itself: kept-alive connections whose last response went out while draining were closed
      // with it, so nothing was left for the grace period to cut.
      expect(first.lines().filter((line) => line.includes('grace period over'))).toEqual([]);

      // The stopping server finished sales it had started after the signal, and turned the rest away.
      expect(outcomes.filter((o) => o.via === 'first' && o.at > stoppedAt).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.via === 'second').length).toBeGreaterThan(0);
      expect(outcomes.every((o) => o.status === 200 || o.status === 201)).toBe(true);
      expect(outcomes.every((o) => o.ticketIds.length === 1)).toBe(true);

      // The database agrees: one ticket and one order per buyer, the counter matches.
      expect(await countTickets(cluster.app.db, ev.typeId(0))).toBe(BUYERS);
      expect(await soldOf(cluster.app.db, ev.typeId(0))).toBe(BUYERS);
      const perHolder = await cluster.app.db
        .selectFrom('tickets')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('ticket_type_id', '=', ev.typeId(0))
        .groupBy('user_id')
        .execute();
      expect(perHolder).toHaveLength(BUYERS);
      expect(perHolder.every((row) => Number(row.n) === 1)).toBe(true);
      const held = new Set(perHolder.map((row) => row.user_id));
      expect(buyers.every((b) => held.has(b.id))).toBe(true);
      const orders = await cluster.app.db
        .selectFrom('ticket_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ticket_type_id', '=', ev.typeId(0))
        .executeTakeFirstOrThrow();
      expect(Number(orders.n)).toBe(BUYERS);

      // The tab heard when to come back, and came back through the proxy to the server still running.
      const { reconnectAfterMs } = await hint;
      expect(reconnectAfterMs).toBeGreaterThanOrEqual(250);
      expect(reconnectAfterMs).toBeLessThan(2250);
      await waitUntil(async () => socket.connected, 15_000, 'the socket to reconnect');
      const arrived = nextEvent<Notification>(socket, SOCKET_EVENTS.notificationNew, () => true, 10_000);
      const grant = await fetch(`${second.base}/api/admin/users/${watcher!.id}/roles/dj`, {
        method: 'PUT',
        headers: { cookie: admin!.cookie, origin: second.base.replace('127.0.0.1', 'localhost') },
      });
      expect(grant.status).toBe(200);
      expect(await arrived).toMatchObject({ userId: watcher!.id, type: 'role_granted' });
      socket.disconnect();
      await proxy.close();
    },
  );
});
