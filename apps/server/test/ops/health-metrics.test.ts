// What an operator asks the server: is it ready (/api/ready), what is it doing (/metrics, Prometheus text
// format), and which request was that (X-Request-Id). Real app, real database, on each engine.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { buy, sessionUsers, ticketEvent } from '../tickets-fixture.ts';
import { connect, connected, listen } from '../realtime-helpers.ts';
import { signUp } from '../auth-helpers.ts';

const TOKEN = 'metrics-token-0123456789';

// One sample of a metric in Prometheus text format, or undefined.
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe.each(DIALECTS)('readiness, metrics and request ids on %s', (dialect) => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { metricsToken: TOKEN });
  });
  afterAll(async () => t.close());

  it('is ready with its database up to date, and says why not when migrations are missing or it is draining', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ready: true,
      reasons: [],
      draining: false,
      database: { ok: true, pendingMigrations: [] },
      redis: { configured: false, ok: false },
    });

    // A database one migration behind this build (a deploy that skipped `db:migrate`).
    const [last] = await t.app.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .orderBy(sql`name`, 'desc')
      .limit(1)
      .execute();
    await t.app.db
      .deleteFrom('kysely_migration' as never)
      .where(sql`name`, '=', last!.name)
      .execute();
    try {
      const behind = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        ready: false,
        database: { ok: true, pendingMigrations: [last!.name] },
      });
      expect(behind.json().reasons).toEqual([`Faltan migraciones: ${last!.name}.`]);
    } finally {
      await t.app.db
        .insertInto('kysely_migration' as never)
        .values({ name: last!.name, timestamp: new Date().toISOString() } as never)
        .execute();
    }

    t.app.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ ready: false, draining: true });
      // Liveness stays up: the process is healthy, it is only leaving.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('serves /metrics only with the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('nodejs_');

    const off = await createTestApp(dialect);
    try {
      const response = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts requests per route pattern, open sockets, event-loop lag, and tickets sold and checked in tonight', async () => {
    const ev = await ticketEvent(t.app.db, {
      startsInHours: 2,
      types: [{ name: 'General', priceCents: 0, capacity: 100 }],
    });
    const buyers = await sessionUsers(t.app, 3);
    for (const buyer of buyers) {
      const sold = await buy(t.app, buyer, { ticketTypeId: ev.typeId(0), quantity: 1 });
      expect(sold.statusCode).toBe(201);
    }
    // One of them is at the door already.
    await t.app.db
      .updateTable('tickets')
      .set({ status: 'used', check_in_at: new Date().toISOString() })
      .where(
        'id',
        '=',
        (
          await t.app.db
            .selectFrom('tickets')
            .select('id')
            .where('event_id', '=', ev.eventId)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const later = await ticketEvent(t.app.db, {
      startsInHours: 72,
      types: [{ name: 'General', priceCents: 0, capacity: 100 }],
    });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/events/${ev.eventId}` });

    const url = await listen(t.app);
    const user = await signUp(t.app);
    const socket = connect(url, user.cookie);
    await connected(socket);
    try {
      const text = await scrape();
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/events/:eventId',
          status_code: '200',
        }),
      ).toBe(3);
      expect(
        sample(text, 'http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/tickets',
          status_code: '201',
        }),
      ).toBe(3);
      expect(sample(text, 'nocturna_sockets_connected')).toBe(1);
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
      expect(sample(text, 'nocturna_event_tickets_sold', { event_id: ev.eventId })).toBe(3);
      expect(sample(text, 'nocturna_event_checkins', { event_id: ev.eventId })).toBe(1);
      // An event three days away is not tonight's.
      expect(sample(text, 'nocturna_event_tickets_sold', { event_id: later.eventId })).toBeUndefined();
      expect(sample(text, 'nocturna_queue_depth', { queue: 'event-reminders' })).toBe(2);
      expect(sample(text, 'nocturna_jobs_running', { job: 'event-reminders' })).toBeDefined();
    } finally {
      socket.disconnect();
    }
  });

  it('gives every response a request id, keeping the one a trusted proxy sent when it is well formed', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(own.headers['x-request-id']);

    // The test app trusts its pretend proxy (TRUST_PROXY=true).
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'caddy-7f3a9c' },
    });
    expect(relayed.headers['x-request-id']).toBe('caddy-7f3a9c');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x"\n{"level":60}' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
