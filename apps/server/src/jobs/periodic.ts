// A job every server runs on a timer (reminders, presence sweeps). Runs never overlap; each run logs under its
// own runId; on shutdown the timer stops, the run in progress hears it through its signal (a run that loops,
// like the queue's, stops taking new work) and is awaited before the database closes. `running` feeds the jobs
// gauge in /metrics.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export type PeriodicJob = {
  name: string;
  running: () => boolean;
  // Starts a run now unless one is in progress (the queue calls it when work is enqueued on this server).
  trigger: () => void;
  // Holds the timer's runs (and triggered ones) once the run in progress has finished, until the returned release
  // is called: a test that needs an enqueued job to wait for something else first holds the queue's loop meanwhile.
  hold: () => Promise<() => void>;
  drain: () => Promise<void>;
};

const jobs = new WeakMap<FastifyInstance, PeriodicJob[]>();

export function periodicJob(
  app: FastifyInstance,
  options: {
    name: string;
    everyMs: number;
    runAtStart?: boolean;
    // `stopping` aborts when the server shuts down: finish what is in hand, start nothing new.
    run: (log: FastifyBaseLogger, stopping: AbortSignal) => Promise<void>;
    // Also on the side-work worker process (the job queue's loop); every other timer runs on servers only, where
    // the sockets its pushes are for live.
    onWorker?: boolean;
  },
): PeriodicJob {
  let current: Promise<void> | null = null;
  let stopped = false;
  let holds = 0;
  const stopping = new AbortController();
  const tick = () => {
    if (current || stopped || holds > 0) return;
    const log = app.log.child({ job: options.name, runId: randomUUID() });
    current = options
      .run(log, stopping.signal)
      .catch((err: unknown) => log.error({ err }, `${options.name} failed`))
      .finally(() => (current = null));
  };
  let timer: NodeJS.Timeout | undefined;
  const runsHere = app.jobRole !== 'worker' || options.onWorker === true;
  app.addHook('onReady', async () => {
    if (!runsHere) return;
    timer = setInterval(tick, options.everyMs);
    timer.unref();
    if (options.runAtStart) tick();
  });
  const job: PeriodicJob = {
    name: options.name,
    running: () => current !== null,
    trigger: tick,
    hold: async () => {
      holds++;
      await current;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
      };
    },
    drain: async () => {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await current;
    },
  };
  app.addHook('preClose', job.drain);
  jobs.set(app, [...(jobs.get(app) ?? []), job]);
  return job;
}

export function periodicJobsOf(app: FastifyInstance): PeriodicJob[] {
  return jobs.get(app) ?? [];
}
