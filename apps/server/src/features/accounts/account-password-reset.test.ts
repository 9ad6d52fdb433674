// Password reset and e-mail confirmation through real mail: a local SMTP server receives what the job queue sends,
// the test reads the message and follows its link. Single-use and expiring tokens, no user enumeration, a new
// password signing out every device, and a mail server that is down losing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { TEST_ORIGIN, freshIp, signIn, signUp } from '../../../test/auth-helpers.ts';
import { appWithSmtp, type AppWithSmtp, firstLink, type LocalSmtp } from '../../../test/mail-helpers.ts';

const RESET = 'Restablece tu contraseña de Nocturna';
const headers = () => ({ origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() });

describe.each(DIALECTS)('password reset and mail on %s', (dialect) => {
  let t: AppWithSmtp;
  let smtp: LocalSmtp;
  beforeAll(async () => {
    t = await appWithSmtp(dialect);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: headers(),
      payload: { email, redirectTo: '/restablecer-contrasena' },
    });
  const resetWith = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: headers(),
      payload: { token, newPassword },
    });
  const tokenOf = (text: string) =>
    new URL(firstLink(text, '/restablecer-contrasena')).searchParams.get('token')!;

  it('answers the same for an unknown address and mails only the real one', async () => {
    const user = await signUp(t.app);
    const known = await requestReset(user.email);
    const unknown = await requestReset(`nadie.${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.waitFor(user.email, RESET);
    expect(mail.html).toContain('/restablecer-contrasena?token=');
    await t.app.jobs.runDue();
    const recipients = smtp.mails.flatMap((m) => (Array.isArray(m.to) ? m.to : [m.to!]).map((a) => a.text));
    expect(recipients.some((r) => r.includes('nadie.'))).toBe(false);
  });

  it('follows the link once: the new password works, the old one and every old session do not', async () => {
    const user = await signUp(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(before.statusCode).toBe(200);
    await requestReset(user.email);
    const token = tokenOf((await smtp.waitFor(user.email, RESET)).text!);

    const reset = await resetWith(token, 'Otra-noche-en-Lavapies-7');
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, 'Otra-noche-en-Lavapies-7')).resolves.toContain('session_token');
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(401);

    const again = await resetWith(token, 'Tercera-noche-en-Chueca-9');
    expect(again.statusCode).toBe(400);
    await expect(signIn(t.app, user.email, 'Tercera-noche-en-Chueca-9')).rejects.toThrow(/401/);
  });

  it('refuses a token whose hour has passed', async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    const token = tokenOf((await smtp.waitFor(user.email, RESET)).text!);
    // The hour passes: the token's row says it expired a second ago.
    await t.app.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('identifier', '=', `reset-password:${token}`)
      .execute();
    const reset = await resetWith(token, 'Demasiado-tarde-en-Sol-3');
    expect(reset.statusCode).toBe(400);
    await expect(signIn(t.app, user.email, user.password)).resolves.toContain('session_token');
  });

  it('keeps a mail while the SMTP server is down and sends it once it is back', async () => {
    const user = await signUp(t.app);
    await smtp.waitFor(user.email, 'Confirma tu correo en Nocturna'); // the sign-up's
    const already = smtp.mails.length;
    smtp.setDown(true);
    await requestReset(user.email);
    // The background enqueue lands, the worker tries and fails: the job waits with its error.
    let job: { attempts: number; status: string; last_error: string | null } | undefined;
    for (let i = 0; i < 100 && !(job && job.attempts > 0 && job.status === 'queued'); i++) {
      await t.app.jobs.runDue();
      job = await t.app.db
        .selectFrom('jobs')
        .select(['attempts', 'status', 'last_error'])
        .where('kind', '=', 'mail.send')
        .where('payload', 'like', `%${user.email}%`)
        .executeTakeFirst();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.last_error).toMatch(/554/);
    expect(smtp.mails.length).toBe(already);

    smtp.setDown(false);
    // The backoff has passed.
    await t.app.jobs.runDue(new Date(Date.now() + 60 * 60_000));
    const mail = smtp.mails.slice(already).find((m) => m.subject === 'Restablece tu contraseña de Nocturna');
    expect(mail?.text).toContain('/restablecer-contrasena?token=');
    const left = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('payload', 'like', `%${user.email}%`)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps retrying a mail through an outage of days, long past the default eight attempts', async () => {
    const user = await signUp(t.app);
    await smtp.waitFor(user.email, 'Confirma tu correo en Nocturna');
    const already = smtp.mails.length;
    smtp.setDown(true);
    await requestReset(user.email);
    const job = () =>
      t.app.db
        .selectFrom('jobs')
        .select(['attempts', 'max_attempts', 'status', 'last_error'])
        .where('kind', '=', 'mail.send')
        .where('payload', 'like', `%${user.email}%`)
        .executeTakeFirst();
    for (let i = 0; i < 100 && !(await job()); i++) await new Promise((r) => setTimeout(r, 20));
    // Each run is past the previous retry's time (at most an hour and a fifth ahead): one failed attempt each.
    for (let i = 1; i <= 30; i++) await t.app.jobs.runDue(new Date(Date.now() + 2 * 3600_000));
    const waiting = await job();
    // (The worker's own poll may have tried once more.)
    expect(waiting?.status).toBe('queued');
    expect(waiting!.attempts).toBeGreaterThanOrEqual(30);
    expect(waiting!.last_error).toMatch(/554/);
    // Its attempts, 10 s doubling up to an hour apart, span at least three days.
    let spanMs = 0;
    for (let a = 1; a < waiting!.max_attempts; a++) spanMs += Math.min(10_000 * 2 ** (a - 1), 3600_000);
    expect(spanMs).toBeGreaterThanOrEqual(3 * 24 * 3600_000);
    expect(smtp.mails.length).toBe(already);

    smtp.setDown(false);
    await t.app.jobs.runDue(new Date(Date.now() + 2 * 3600_000));
    const mails = smtp.mails.slice(already).filter((m) => m.subject === RESET);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/restablecer-contrasena?token=');
    expect(await job()).toBeUndefined();
  });

  it('mails a confirmation link on sign-up that verifies the address', async () => {
    const user = await signUp(t.app);
    const mail = await smtp.waitFor(user.email, 'Confirma tu correo en Nocturna');
    const link = new URL(firstLink(mail.text!, '/api/auth/verify-email'));
    const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBeLessThan(400);
    const row = await t.app.db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(true);
  });
});
