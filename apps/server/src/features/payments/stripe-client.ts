// The official Stripe client, pointed at STRIPE_API_BASE when set (a local stand-in in tests).
import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeClient = Stripe;

export function createStripeClient(config: NonNullable<Config['stripe']>): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    // Our idempotency keys make retries safe; the client retries a dropped connection once more.
    maxNetworkRetries: 2,
    timeout: 20_000,
    // No latency reports to Stripe about our own requests.
    telemetry: false,
  });
}
