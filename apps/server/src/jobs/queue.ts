// The durable job queue: work that must not be lost — mail, data exports, pushes, account
// deletions — is a row in `jobs`, on SQLite and PostgreSQL alike. Every server runs a worker that claims due jobs
// (queue-store.ts), runs the handler registered for the kind, and on failure puts the job back with an
// exponential backoff until its attempts run out (then it stays as `failed`, with its last error). A server that
// dies mid-job leaves a lease that runs out, and the job is run again: handlers must be safe to repeat.
//
//   app.jobs.handle('mail.send', async (payload, ctx) => { … });
//   await app.jobs.enqueue('mail.send', { … }, { runAt });       // or enqueueJob(trx, …) inside a transaction
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { periodicJob } from './periodic.ts';
import {
  claimJob,
  completeJob,
  dueJobIds,
  failJob,
  insertJob,
  type EnqueueOptions,
  type JobDb,
} from './queue-store.ts';
import * as clock from '../clock.ts';

export type { EnqueueOptions } from './queue-store.ts';

// now: the time the run takes as current (runDue's, so a test can run tomorrow's jobs today).
export type JobContext = { jobId: string; attempt: number; log: FastifyBaseLogger; now: Date };
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

// sideWork: the job renders or sends something nobody waits for (a mail, a push, a notification's delivery)
// and touches no socket of this server, so a separate worker process may run it (config.jobWorker).
export type HandlerOptions = { sideWork?: boolean };

export type JobQueue = {
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  handle(kind: string, handler: JobHandler, options?: HandlerOptions): void;
  // Runs the jobs due at `now` (default: now) until none is left; returns how many ran. Tests call it directly.
  runDue(now?: Date): Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    // Which jobs this process's loop runs (see loopKinds): set by buildApp from config.jobWorker.
    jobRole: JobRole;
  }
}

export type JobRole = 'all' | 'server' | 'worker';

export const QUEUE_POLL_MS = 1000;
export const QUEUE_BATCH = 20;
export const QUEUE_CONCURRENCY = 5;
export const QUEUE_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;

// 10 s, 20 s, 40 s … up to an hour, with ±20 % jitter so jobs failed together are not retried together.
export function backoffMs(attempt: number): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

// How many attempts keep a job retrying for at least `windowMs` on that schedule (jitter aside): for a kind that
// must outlast a long outage, e.g. mail through a mail server that is away for a weekend.
export function attemptsToSpan(windowMs: number): number {
  let attempts = 1;
  for (let waited = 0; waited < windowMs; attempts++)
    waited += Math.min(BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_MAX_MS);
  return attempts;
}

// Inside a caller's transaction: the job exists only if the change that asked for it commits.
export function enqueueJob(
  db: JobDb,
  kind: string,
  payload: unknown,
  options?: EnqueueOptions,
): Promise<string> {
  return insertJob(db, kind, payload, options);
}

export const jobQueuePlugin = fp(
  async (app: FastifyInstance) => {
    const worker = uuidv7();
    const handlers = new Map<string, JobHandler>();
    const sideWork = new Set<string>();
    // The kinds this process's loop claims: all of them inline; with a worker process beside the server, the
    // server keeps everything but the side work, and the worker (role 'worker') takes only the side work.
    const role = app.jobRole;
    const loopKinds = () =>
      [...handlers.keys()].filter((kind) =>
        role === 'all' ? true : role === 'worker' ? sideWork.has(kind) : !sideWork.has(kind),
      );

    async function runOne(id: string, now: Date, log: FastifyBaseLogger): Promise<boolean> {
      const job = await claimJob(app.db, id, worker, now, QUEUE_LEASE_MS);
      if (!job) return false;
      const handler = handlers.get(job.kind)!;
      const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
      try {
        await handler(JSON.parse(job.payload), { jobId: job.id, attempt: job.attempts, log: jobLog, now });
        await completeJob(app.db, job.id, worker);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAt =
          job.attempts < job.max_attempts ? new Date(clock.nowMs() + backoffMs(job.attempts)) : null;
        jobLog.warn({ err: message, retryAt }, retryAt ? 'job failed, will retry' : 'job failed for good');
        await failJob(app.db, job, worker, message, retryAt);
      }
      return true;
    }

    // A server shutting down (`stopping`) finishes the jobs it holds and claims no more: the queue is shared, so
    // while the other servers keep enqueuing (a sale's ticket mails, say) the loop would otherwise hold its close.
    async function runDue(
      now?: Date,
      log: FastifyBaseLogger = app.log,
      stopping?: AbortSignal,
      kinds: () => string[] = () => [...handlers.keys()],
    ): Promise<number> {
      let ran = 0;
      for (;;) {
        if (stopping?.aborted) return ran;
        const ids = await dueJobIds(app.db, kinds(), now ?? clock.now(), QUEUE_BATCH);
        if (ids.length === 0) return ran;
        let claimed = 0;
        for (let i = 0; i < ids.length && !stopping?.aborted; i += QUEUE_CONCURRENCY) {
          const results = await Promise.all(
            ids.slice(i, i + QUEUE_CONCURRENCY).map((id) => runOne(id, now ?? clock.now(), log)),
          );
          claimed += results.filter(Boolean).length;
        }
        ran += claimed;
        // Every due job was taken by another server (or failed and moved on): nothing more for us now.
        if (claimed === 0 || ids.length < QUEUE_BATCH) return ran;
      }
    }

    const loop = periodicJob(app, {
      name: 'job-queue',
      everyMs: QUEUE_POLL_MS,
      runAtStart: true,
      onWorker: true,
      run: async (log, stopping) => void (await runDue(undefined, log, stopping, loopKinds)),
    });

    app.decorate('jobs', {
      enqueue: async (kind, payload, options) => {
        const id = await insertJob(app.db, kind, payload, options);
        if (!options?.runAt || options.runAt.getTime() <= clock.nowMs()) loop.trigger();
        return id;
      },
      handle: (kind, handler, options) => {
        if (handlers.has(kind)) throw new Error(`job handler for ${kind} registered twice`);
        handlers.set(kind, handler);
        if (options?.sideWork) sideWork.add(kind);
      },
      runDue: (now) => runDue(now),
    } satisfies JobQueue);
  },
  { name: 'nocturna-jobs' },
);
