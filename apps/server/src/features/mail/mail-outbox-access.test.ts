// The dev outbox holds everyone's reset links: it is on only when MAIL_DEV_OUTBOX=1 says so (never by default, in
// no environment, and never with SMTP_URL), and even then it answers only the server's own machine — a request
// from another address, directly or through a proxy (trusted, or on the same host without TRUST_PROXY), is refused.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, freshIp } from '../../../test/auth-helpers.ts';

const mailFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp', ...env }).mail;

describe('the outbox setting', () => {
  it('is off unless MAIL_DEV_OUTBOX=1, in every environment, and never with SMTP_URL', () => {
    expect(mailFor({ NODE_ENV: 'development' }).outboxPage).toBe(false);
    expect(mailFor({ NODE_ENV: 'test' }).outboxPage).toBe(false);
    expect(mailFor({ NODE_ENV: 'production' }).outboxPage).toBe(false);
    expect(mailFor({ NODE_ENV: 'development', MAIL_DEV_OUTBOX: '0' }).outboxPage).toBe(false);
    expect(mailFor({ NODE_ENV: 'development', MAIL_DEV_OUTBOX: '1' }).outboxPage).toBe(true);
    expect(mailFor({ NODE_ENV: 'production', MAIL_DEV_OUTBOX: '1' }).outboxPage).toBe(true);
    expect(
      mailFor({ NODE_ENV: 'development', MAIL_DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:2525' })
        .outboxPage,
    ).toBe(false);
    // The old switch does nothing any more.
    expect(mailFor({ NODE_ENV: 'development', DEV_OUTBOX: 'true' }).outboxPage).toBe(false);
  });

  it('is not enabled by `npm start`', () => {
    const pkg = JSON.parse(
      fs.readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).not.toContain('MAIL_DEV_OUTBOX');
    expect(pkg.scripts.prestart).not.toContain('MAIL_DEV_OUTBOX');
  });
});

describe.each(DIALECTS)('the dev outbox on %s', (dialect) => {
  let dev: TestApp;
  let production: TestApp;
  let withSmtp: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    dev = await createTestApp(dialect, { mail: mailFor({ NODE_ENV: 'development', MAIL_DEV_OUTBOX: '1' }) });
    production = await createTestApp(dialect, { mail: mailFor({ NODE_ENV: 'production' }) });
    direct = await createTestApp(dialect, {
      mail: mailFor({ NODE_ENV: 'development', MAIL_DEV_OUTBOX: '1' }),
      trustProxy: false,
    });
    // Nothing listens there: the app never connects unless a mail is sent.
    withSmtp = await createTestApp(dialect, {
      mail: mailFor({ NODE_ENV: 'development', MAIL_DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:9' }),
    });
  });
  afterAll(async () => {
    await dev?.close();
    await production?.close();
    await withSmtp?.close();
    await direct?.close();
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

  it('refuses a loopback connection that a proxy on the same host forwarded, without TRUST_PROXY', async () => {
    expect((await outbox(direct)).statusCode).toBe(200);
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ]) {
      const res = await direct.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('is not there in production or with SMTP_URL, even from loopback', async () => {
    expect((await outbox(production)).statusCode).toBe(404);
    expect((await outbox(withSmtp)).statusCode).toBe(404);
  });
});
