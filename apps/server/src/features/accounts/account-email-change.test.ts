// Changing one's e-mail from the settings, through real mail: better-auth's change-email sends a link to the new
// address (changeEmail template); nothing changes until it is followed; then the account answers to the new
// address only. An address that already has an account is refused with a clear error, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { TEST_ORIGIN, freshIp, signIn, signUp } from '../../../test/auth-helpers.ts';
import { appWithSmtp, type AppWithSmtp, firstLink, type LocalSmtp } from '../../../test/mail-helpers.ts';

const CONFIRM_NEW = 'Confirma tu nuevo correo en Nocturna';

describe.each(DIALECTS)('changing the e-mail on %s', (dialect) => {
  let t: AppWithSmtp;
  let smtp: LocalSmtp;
  beforeAll(async () => {
    t = await appWithSmtp(dialect);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  const changeEmail = (cookie: string, newEmail: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { origin: TEST_ORIGIN, cookie, 'x-forwarded-for': freshIp() },
      payload: { newEmail, callbackURL: '/ajustes?correo=confirmado' },
    });
  const emailOf = async (id: string) =>
    (await t.app.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
  const mailsTo = (address: string) =>
    smtp.mails.filter((m) =>
      (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) =>
        a.value.some((v) => v.address === address),
      ),
    );

  it('mails a link to the new address and changes nothing until it is followed', async () => {
    const user = await signUp(t.app);
    const newEmail = `nuevo.${Date.now()}@example.com`;
    const asked = await changeEmail(user.cookie, newEmail);
    expect(asked.statusCode).toBe(200);

    const mail = await smtp.waitFor(newEmail, CONFIRM_NEW);
    expect(mail.text).toContain(newEmail);
    expect(mailsTo(user.email).some((m) => m.subject === CONFIRM_NEW)).toBe(false);
    // Not yet: the old address still opens the account, the new one does not.
    expect(await emailOf(user.id)).toBe(user.email);
    await expect(signIn(t.app, newEmail, user.password)).rejects.toThrow(/401/);

    const link = new URL(firstLink(mail.text!, '/api/auth/verify-email'));
    const followed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBeLessThan(400);
    expect(followed.headers.location).toContain('/ajustes?correo=confirmado');

    expect(await emailOf(user.id)).toBe(newEmail);
    await expect(signIn(t.app, newEmail, user.password)).resolves.toContain('session_token');
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
  });

  it('refuses an address that already has an account, with a clear error, and mails nothing', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const before = smtp.mails.length;
    const refused = await changeEmail(user.cookie, other.email.toUpperCase());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      field: 'newEmail',
    });
    await t.app.jobs.runDue();
    expect(smtp.mails.slice(before).filter((m) => m.subject === CONFIRM_NEW)).toEqual([]);
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });

  it('does not tell someone signed out whether an address is taken', async () => {
    const other = await signUp(t.app);
    const anonymous = await changeEmail('', other.email);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('USER_ALREADY_EXISTS');
  });
});
