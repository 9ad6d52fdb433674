// Web Push: the browser subscriptions of each person, and sending one payload to all of them. Each subscription
// gets its own job, so a push service that is away is retried without sending twice to the others; a
// subscription the push service says is gone (404/410) is removed.
import webpush, { WebPushError } from 'web-push';
import { uuidv7 } from 'uuidv7';
import type { PushPayload, PushSubscriptionBody } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import type { JobContext, JobQueue } from '../../jobs/queue.ts';
import type { VapidKeys } from './vapid.ts';
import * as clock from '../../clock.ts';

export const PUSH_JOB = 'push.send';
const TTL_SECONDS = 6 * 3600;

// What the push job works with, built once where the push routes register: the database, the job queue it runs
// on and the VAPID keys that sign each request.
export type PushContext = { db: Db; jobs: JobQueue; keys: VapidKeys };
type PushJob = { subscriptionId: string; payload: PushPayload };

export async function saveSubscription(
  db: Db,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | null,
) {
  // One row per endpoint: a browser subscribed again (or by someone else signing in on it) moves to its new owner.
  await db
    .insertInto('push_subscriptions')
    .values({
      id: uuidv7(),
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      user_agent: userAgent,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_agent: userAgent,
      }),
    )
    .execute();
}

export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// One job per subscription of the person; nothing when they have none.
export async function queuePush(
  db: Db,
  jobs: Pick<JobQueue, 'enqueue'>,
  userId: string,
  payload: PushPayload,
) {
  const subscriptions = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  for (const { id } of subscriptions) await jobs.enqueue(PUSH_JOB, { subscriptionId: id, payload });
  return subscriptions.length;
}

// Sends one payload to one subscription; a subscription that is gone (404/410) is removed, any other failure is
// thrown so the queue tries again later.
async function sendPush(ctx: PushContext, { subscriptionId, payload }: PushJob, log: JobContext['log']) {
  const sub = await ctx.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!sub) return;
  const { keys } = ctx;
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        timeout: 10_000,
      },
    );
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      log.info({ status: error.statusCode }, 'push subscription gone, removed');
      await ctx.db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
      return;
    }
    throw error;
  }
}

export function registerPushJob(ctx: PushContext) {
  ctx.jobs.handle(PUSH_JOB, async (raw, { log }) => sendPush(ctx, raw as PushJob, log), { sideWork: true });
}
