// The durable job queue on both engines: each job runs once however many servers poll it, a failing job comes
// back later with its error until its attempts run out, and jobs outlive the server that queued them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { QUEUE_CONCURRENCY, backoffMs } from '../../src/jobs/queue.ts';
import { DIALECTS, createSchema, testConfig } from '../test-app.ts';
import type { Config } from '../../src/config.ts';
import { waitUntil } from '../server-process.ts';

describe.each(DIALECTS)('job queue on %s', (dialect) => {
  let config: Config;
  let cleanup: () => Promise<void>;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    ({ config, cleanup } = testConfig(dialect));
    await createSchema(config);
    one = await buildApp(config, { logger: false });
    await one.ready();
    two = await buildApp(config, { logger: false, migrate: false });
    await two.ready();
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await cleanup?.();
  });

  it('runs each job once when two servers poll the same table at once', async () => {
    const runs = new Map<string, number>();
    const count = async (payload: unknown) => {
      const { n } = payload as { n: string };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      // Long enough that one server alone needs ~300 ms for the 60 (5 at a time): the other's first poll lands
      // while they are still running even on a loaded machine, so both really take jobs from the same table.
      await new Promise((r) => setTimeout(r, 25));
    };
    one.jobs.handle('test.count', count);
    two.jobs.handle('test.count', count);
    const later = new Date(Date.now() + 60_000);
    for (let i = 0; i < 60; i++) await one.jobs.enqueue('test.count', { n: String(i) }, { runAt: later });
    const [a, b] = await Promise.all([one.jobs.runDue(later), two.jobs.runDue(later)]);
    expect(a + b).toBe(60);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(60);
  });

  it('retries a failing job later with backoff, and keeps it as failed when its attempts run out', async () => {
    let calls = 0;
    one.jobs.handle('test.flaky', async () => {
      calls += 1;
      throw new Error(`fallo ${calls}`);
    });
    const later = new Date(Date.now() + 60_000);
    const id = await one.jobs.enqueue('test.flaky', {}, { runAt: later, maxAttempts: 3 });
    const row = () => one.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    await one.jobs.runDue(later);
    let job = await row();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'fallo 1' });
    const retryAt = new Date(job.run_at).getTime();
    expect(retryAt).toBeGreaterThan(Date.now() + 5_000);
    // Not before its time.
    await one.jobs.runDue(new Date(retryAt - 1000));
    expect(calls).toBe(1);
    await one.jobs.runDue(new Date(retryAt + 1));
    job = await row();
    expect(job).toMatchObject({ status: 'queued', attempts: 2, last_error: 'fallo 2' });
    await one.jobs.runDue(new Date(Date.now() + 24 * 3600_000));
    job = await row();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'fallo 3' });
    await one.jobs.runDue(new Date(Date.now() + 48 * 3600_000));
    expect(calls).toBe(3);
  });

  it('grows the backoff from 10 s towards an hour', () => {
    expect(backoffMs(1)).toBeGreaterThanOrEqual(8_000);
    expect(backoffMs(1)).toBeLessThanOrEqual(12_000);
    expect(backoffMs(3)).toBeGreaterThanOrEqual(32_000);
    expect(backoffMs(20)).toBeLessThanOrEqual(72 * 60_000);
  });

  it('runs, after a restart, a job queued before it', async () => {
    const later = new Date(Date.now() + 60_000);
    await two.jobs.enqueue('test.restart', { hello: 'madrid' }, { runAt: later });
    await two.close();
    two = await buildApp(config, { logger: false, migrate: false });
    await two.ready();
    const seen: unknown[] = [];
    two.jobs.handle('test.restart', async (payload) => void seen.push(payload));
    await two.jobs.runDue(later);
    expect(seen).toEqual([{ hello: 'madrid' }]);
  });

  it('runs a job whose worker died mid-run once its lease has run out', async () => {
    const later = new Date(Date.now() + 60_000);
    const id = await one.jobs.enqueue('test.lease', {}, { runAt: later });
    // A worker claimed it and vanished: running, with a lease that ends in a minute.
    await one.db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_by: 'gone',
        locked_until: new Date(later.getTime() + 60_000).toISOString(),
        attempts: 1,
      })
      .where('id', '=', id)
      .execute();
    let ran = 0;
    one.jobs.handle('test.lease', async () => void (ran += 1));
    await one.jobs.runDue(later);
    expect(ran).toBe(0);
    await one.jobs.runDue(new Date(later.getTime() + 120_000));
    expect(ran).toBe(1);
    expect(await one.db.selectFrom('jobs').select('id').where('id', '=', id).execute()).toEqual([]);
  });
  it('finishes the jobs in hand when its server shuts down, and leaves the rest queued for the others', async () => {
    const three = await buildApp(config, { logger: false, migrate: false });
    await three.ready();
    const runs = new Map<string, number>();
    let started = 0;
    let firstStarted = () => {};
    const began = new Promise<void>((resolve) => (firstStarted = resolve));
    const slow = async (payload: unknown) => {
      started += 1;
      firstStarted();
      await new Promise((r) => setTimeout(r, 50));
      const { n } = payload as { n: string };
      runs.set(n, (runs.get(n) ?? 0) + 1);
    };
    three.jobs.handle('test.drain', slow);
    // Due in a moment, all at once: three's poll finds 60 (the others have no handler for the kind yet).
    const soon = new Date(Date.now() + 200);
    for (let i = 0; i < 60; i++) await one.jobs.enqueue('test.drain', { n: String(i) }, { runAt: soon });
    await began;
    await three.close();

    // What it had claimed it finished; it claimed nothing once closing began.
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThanOrEqual(QUEUE_CONCURRENCY);
    expect(runs.size).toBe(started);
    const left = await one.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'test.drain')
      .groupBy('status')
      .execute();
    expect(left.map((row) => ({ status: row.status, n: Number(row.n) }))).toEqual([
      { status: 'queued', n: 60 - started },
    ]);

    // Another server runs the rest, each once.
    one.jobs.handle('test.drain', slow);
    await one.jobs.runDue();
    await waitUntil(async () => runs.size === 60, 10_000, 'the other server to run the rest');
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });
});
