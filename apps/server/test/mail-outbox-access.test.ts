// The dev outbox holds everyone's reset links: it is there for the embedded default in development only, never
// with SMTP_URL or in production (unless DEV_OUTBOX=true says so), and even then it answers only the server's own
// machine — a request from another address, directly or through a trusted proxy, is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DIALECTS, createTestApp, type TestApp } from './test-app.ts';
import { TEST_ORIGIN, freshIp } from './auth-helpers.ts';

const mailFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp', ...env }).mail;

describe('the outbox setting', () => {
  it('is on by default only in development without SMTP_URL', () => {
    expect(mailFor({ NODE_ENV: 'development' }).outboxPage).toBe(true);
    expect(mailFor({ NODE_ENV: 'production' }).outboxPage).toBe(false);
    expect(mailFor({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }).outboxPage).toBe(false);
    expect(
      mailFor({ NODE_ENV: 'production', DEV_OUTBOX: 'true', SMTP_URL: 'smtp://127.0.0.1:2525' }).outboxPage,
    ).toBe(false);
    expect(mailFor({ NODE_ENV: 'development', DEV_OUTBOX: 'false' }).outboxPage).toBe(false);
  });
});

describe.each(DIALECTS)('the dev outbox on %s', (dialect) => {
  let dev: TestApp;
  let production: TestApp;
  let withSmtp: TestApp;
  beforeAll(async () => {
    dev = await createTestApp(dialect, { mail: mailFor({ NODE_ENV: 'development' }) });
    production = await createTestApp(dialect, { mail: mailFor({ NODE_ENV: 'production' }) });
    // Nothing listens there: the app never connects unless a mail is sent.
    withSmtp = await createTestApp(dialect, {
      mail: mailFor({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' }),
    });
  });
  afterAll(async () => {
    await dev?.close();
    await production?.close();
    await withSmtp?.close();
  });

  const outbox = (t: TestApp, options: { forwardedFor?: string; remoteAddress?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: {
        origin: TEST_ORIGIN,
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      },
    });

  it('lists the mails to the server’s own machine in development', async () => {
    await dev.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() },
      payload: { email: 'nadie@example.com', redirectTo: '/restablecer-contrasena' },
    });
    expect((await outbox(dev)).statusCode).toBe(200);
    expect((await outbox(dev, { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await outbox(dev, { forwardedFor: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('refuses another address, directly or named by a proxy on the same host', async () => {
    const direct = await outbox(dev, { remoteAddress: '192.168.1.20' });
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toMatchObject({ error: { code: 'OUTBOX_LOCAL_ONLY' } });
    expect((await outbox(dev, { forwardedFor: '203.0.113.7' })).statusCode).toBe(403);
    // A forged "I am local" from outside does not pass: the connection itself is not loopback.
    expect((await outbox(dev, { remoteAddress: '192.168.1.20', forwardedFor: '127.0.0.1' })).statusCode).toBe(
      403,
    );
    const one = await dev.app.inject({
      method: 'GET',
      url: '/api/dev/outbox/0190d4c5-0000-7000-8000-000000000000',
      remoteAddress: '192.168.1.20',
    });
    expect(one.statusCode).toBe(403);
  });

  it('is not there in production or with SMTP_URL, even from loopback', async () => {
    expect((await outbox(production)).statusCode).toBe(404);
    expect((await outbox(withSmtp)).statusCode).toBe(404);
  });
});
