// An app with card payments switched on against the Stripe stand-in, listening so the stand-in can deliver its
// webhooks, and helpers over the payment tables.
import type { FastifyInstance } from 'fastify';
import { createTestApp, type Dialect, type TestApp } from './test-app.ts';
import { listen } from './realtime-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

export type PaymentsHarness = { t: TestApp; stripe: StripeStandIn; url: string; close: () => Promise<void> };

export async function paymentsApp(dialect: Dialect, holdMinutes = 10): Promise<PaymentsHarness> {
  const stripe = await startStripeStandIn();
  const t = await createTestApp(dialect, {
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url },
    holdMinutes,
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
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
