// An app with card payments switched on against the Stripe stand-in, listening so the stand-in can deliver its
// webhooks, and helpers over the payment tables.
import type { FastifyInstance } from 'fastify';
import { createTestApp, type Dialect, type TestApp } from './test-app.ts';
import { listen } from './realtime-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { listOutbox } from '../src/features/mail/transport.ts';

export type PaymentsHarness = { t: TestApp; stripe: StripeStandIn; url: string; close: () => Promise<void> };

// poolWaitMs: how long a request may wait for a PostgreSQL connection (see DATABASE_POOL_WAIT_MS), for the races
// that send hundreds of requests at once and must get answers, not 503s, however loaded the machine is.
export async function paymentsApp(
  dialect: Dialect,
  holdMinutes = 10,
  poolWaitMs?: number,
): Promise<PaymentsHarness> {
  const stripe = await startStripeStandIn();
  const t = await createTestApp(dialect, {
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url },
    holdMinutes,
    ...(poolWaitMs ? { databasePoolWaitMs: poolWaitMs } : {}),
  });
  const url = await listen(t.app);
  stripe.setWebhookUrl(`${url}/api/payments/stripe/webhook`);
  return {
    t,
    stripe,
    url,
    close: async () => {
      await stripe.settled();
      await t.close();
      await stripe.close();
    },
  };
}

export async function orderRow(app: FastifyInstance, orderId: string) {
  return app.db.selectFrom('payment_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function countRows(
  app: FastifyInstance,
  table: 'payment_events' | 'payment_refunds' | 'payment_orders',
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function jobsOfKind(app: FastifyInstance, kind: string) {
  return app.db.selectFrom('jobs').select(['payload', 'status']).where('kind', '=', kind).execute();
}

export const MINUTE = 60_000;

// The job queue's own loop may be running a job when a test's runDue() returns: wait for what the test expects.
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

// The mails of an order's receipt that reached the outbox (its number is in their subject), read once the queue
// has sent every one it held: the queue's own loop may be sending one when runDue() returns, and a sent job is
// gone from the table, so the test waits for the outcome rather than reading the queue.
export async function receiptMails(h: PaymentsHarness, orderId: string) {
  const order = await orderRow(h.t.app, orderId);
  const receipt = order.receipt_number;
  if (!receipt) throw new Error(`order ${orderId} has no receipt number`);
  const { email } = await h.t.app.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  await h.t.app.jobs.runDue();
  await eventually(
    () =>
      h.t.app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'mail.send')
        .where('status', 'in', ['queued', 'running'])
        .where('payload', 'like', `%${receipt}%`)
        .execute(),
    (left) => left.length === 0,
    30_000,
  );
  return (await listOutbox(h.t.config, 500)).filter(
    (m) => m.to.includes(email) && m.subject.includes(receipt),
  );
}
