// Sign-in and sign-up limits per IP and per account (the e-mail or username tried), kept in Redis when
// REDIS_URL is set so the limit holds across servers, in memory otherwise.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { guardPath } from '../http/canonical-url.ts';

type Rule = { max: number; windowMs: number };

export const AUTH_RATE_LIMITS = {
  signIn: { perIp: { max: 30, windowMs: 60_000 }, perAccount: { max: 10, windowMs: 5 * 60_000 } },
  signUp: { perIp: { max: 20, windowMs: 10 * 60_000 }, perAccount: { max: 5, windowMs: 10 * 60_000 } },
} as const satisfies Record<string, { perIp: Rule; perAccount: Rule }>;

const LIMITED_PATHS: Record<
  string,
  { kind: keyof typeof AUTH_RATE_LIMITS; accountField: 'email' | 'username' }
> = {
  '/api/auth/sign-in/email': { kind: 'signIn', accountField: 'email' },
  '/api/auth/sign-in/username': { kind: 'signIn', accountField: 'username' },
  '/api/auth/sign-up/email': { kind: 'signUp', accountField: 'email' },
};

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };
export type AuthRateLimiter = (request: FastifyRequest) => Promise<RateDecision>;

function accountOf(request: FastifyRequest, field: 'email' | 'username'): string | null {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null;
}

// Registers @fastify/rate-limit in the calling (encapsulated) scope and returns the check for auth requests.
// signInAccountLimit: sign-ins per account in the window (SIGN_IN_ACCOUNT_LIMIT; AUTH_RATE_LIMITS' by default).
export async function registerAuthRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
  signInAccountLimit: number = AUTH_RATE_LIMITS.signIn.perAccount.max,
): Promise<AuthRateLimiter> {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 2 });
    // Without a listener ioredis prints every failed reconnect as an unhandled error while Redis is away.
    redis.on('error', (err: Error) =>
      app.log.debug({ err: err.message }, 'auth rate-limit redis unavailable'),
    );
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  // With Redis away the limits let requests through (and say so in the logs) rather than refuse every sign-in.
  await app.register(rateLimit, { global: false, redis, nameSpace: 'nocturna-auth-rl:', skipOnError: true });

  const limiters = Object.fromEntries(
    Object.entries(AUTH_RATE_LIMITS).map(([kind, rules]) => [
      kind,
      {
        perIp: app.createRateLimit({
          max: rules.perIp.max,
          timeWindow: rules.perIp.windowMs,
          keyGenerator: (req) => `${kind}:ip:${req.ip}`,
        }),
        perAccount: app.createRateLimit({
          max: kind === 'signIn' ? signInAccountLimit : rules.perAccount.max,
          timeWindow: rules.perAccount.windowMs,
          keyGenerator: (req) =>
            `${kind}:account:${accountOf(req, LIMITED_PATHS[guardPath(req.url)]!.accountField)}`,
        }),
      },
    ]),
  );

  return async (request) => {
    // The canonical path (app.ts rewrites every URL before routing), lower-cased and without a trailing slash:
    // the same path better-auth is handed, whatever spelling the client sent.
    const target = LIMITED_PATHS[guardPath(request.url)];
    if (!target || request.method !== 'POST') return { allowed: true };
    const limiter = limiters[target.kind]!;
    const checks = [limiter.perIp(request)];
    if (accountOf(request, target.accountField)) checks.push(limiter.perAccount(request));
    let retryAfterSeconds = 0;
    for (const result of await Promise.all(checks)) {
      // isAllowed only means "on the allow list"; isExceeded is the verdict.
      if (!result.isAllowed && result.isExceeded)
        retryAfterSeconds = Math.max(retryAfterSeconds, result.ttlInSeconds);
    }
    return retryAfterSeconds > 0 ? { allowed: false, retryAfterSeconds } : { allowed: true };
  };
}
