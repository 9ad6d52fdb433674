// The job table's queries. A claim is one conditional UPDATE whose WHERE re-checks that the job is still due (or
// its previous worker's lease ran out): of two servers claiming the same row, one updates it and the other none.
import { uuidv7 } from 'uuidv7';
import type { Kysely } from 'kysely';
import type { Database, JobsTable } from '../db/schema.ts';
import * as clock from '../clock.ts';

export type JobDb = Kysely<Database>;

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number };

export const DEFAULT_MAX_ATTEMPTS = 8;

export async function insertJob(
  db: JobDb,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string> {
  const now = clock.now().toISOString();
  const id = uuidv7();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload ?? null),
      status: 'queued',
      run_at: (options.runAt ?? clock.now()).toISOString(),
      attempts: 0,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function dueJobIds(db: JobDb, kinds: string[], now: Date, limit: number): Promise<string[]> {
  if (kinds.length === 0) return [];
  const at = now.toISOString();
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
      ]),
    )
    .orderBy('run_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function claimJob(
  db: JobDb,
  id: string,
  worker: string,
  now: Date,
  leaseMs: number,
): Promise<JobsTable | null> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: worker,
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return (await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

// Only the worker holding the lease settles the job: one whose lease ran out and was claimed again is not ours.
export async function completeJob(db: JobDb, id: string, worker: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', worker).execute();
}

export async function failJob(
  db: JobDb,
  job: JobsTable,
  worker: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: retryAt ? 'queued' : 'failed',
      run_at: (retryAt ?? clock.now()).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: clock.now().toISOString(),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
}
