// A periodic job held by a test: no run starts while it is held (neither a trigger nor the timer), the run in
// progress is finished before the hold is in place, and runs start again once it is released.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { periodicJob } from './periodic.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function counted() {
  const app = Fastify({ logger: false });
  app.decorate('jobRole', 'server' as const);
  let runs = 0;
  let finish: (() => void) | undefined;
  const job = periodicJob(app, {
    name: 'counted',
    // Longer than any test: only triggers start runs here.
    everyMs: 3_600_000,
    run: () => {
      runs++;
      return new Promise<void>((resolve) => (finish = resolve));
    },
  });
  await app.ready();
  close = () => app.close();
  return { job, runs: () => runs, finish: () => finish?.() };
}

describe('periodicJob hold', () => {
  it('starts no run while held, waits for the run in progress, and runs again once released', async () => {
    const { job, runs, finish } = await counted();
    job.trigger();
    expect(runs()).toBe(1);
    let held = false;
    const holding = job.hold().then((release) => {
      held = true;
      return release;
    });
    await Promise.resolve();
    expect(held).toBe(false);
    finish();
    const release = await holding;
    expect(job.running()).toBe(false);
    job.trigger();
    expect(runs()).toBe(1);
    release();
    // Released twice by mistake: the second call changes nothing.
    release();
    job.trigger();
    expect(runs()).toBe(2);
    finish();
    await Promise.resolve();
    // A new hold still holds (the extra release did not count twice).
    const again = await job.hold();
    job.trigger();
    expect(runs()).toBe(2);
    again();
  });
});
