import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { TEST_ORIGIN, freshIp, newProfile, signUp } from '../auth-helpers.ts';
import { AUTH_RATE_LIMITS } from '../../src/auth/rate-limit.ts';

const signInLimit = AUTH_RATE_LIMITS.signIn;

function attempt(t: TestApp, email: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    payload: { email, password: 'not-the-password' },
  });
}

describe.each(DIALECTS)('sign-in and sign-up rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('limits sign-in attempts per account across IPs, with a 429 saying when to retry', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < signInLimit.perAccount.max; i++)
      expect((await attempt(t, user.email, freshIp())).statusCode).toBe(401);
    const blocked = await attempt(t, user.email.toUpperCase(), freshIp());
    expect(blocked.statusCode).toBe(429);
    const seconds = Number(blocked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(signInLimit.perAccount.windowMs / 1000);
    expect(blocked.json().message).toBe(`Too many attempts. Try again in ${seconds} seconds.`);
    // Even the right password waits: the limit is on attempts, not on failures.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() },
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits sign-in attempts per IP across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < signInLimit.perIp.max; i++)
      expect((await attempt(t, `nadie${i}@example.com`, ip)).statusCode).toBe(401);
    expect((await attempt(t, 'otra@example.com', ip)).statusCode).toBe(429);
    expect((await attempt(t, 'otra@example.com', freshIp())).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot pick a fresh IP per attempt', async () => {
    const direct = await createTestApp(dialect, { trustProxy: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= signInLimit.perIp.max; i++)
        statuses.push((await attempt(direct, `nadie${i}@example.com`, freshIp())).statusCode);
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('limits sign-ups per IP', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.signUp.perIp.max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
        // Invalid on purpose: counted, but cheap and leaves no account behind.
        payload: newProfile({ phoneNumber: '' }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

// Like TEST_DATABASE_URL for PostgreSQL: the cross-server suite runs when TEST_REDIS_URL names a Redis.
const REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(REDIS_URLS)('rate limits kept in Redis (%s) hold across servers', (redisUrl) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp('sqlite', { redisUrl });
    b = await createTestApp('sqlite', { redisUrl });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts attempts on one server against the other', async () => {
    const email = `redis-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    for (let i = 0; i < signInLimit.perAccount.max; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await attempt(server, email, freshIp())).statusCode).toBe(401);
    }
    expect((await attempt(a, email, freshIp())).statusCode).toBe(429);
    expect((await attempt(b, email, freshIp())).statusCode).toBe(429);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys('nocturna-auth-rl:*');
    redis.disconnect();
    expect(keys.length).toBeGreaterThan(0);
  });
});
