// Notifications copied by e-mail through the queue and a real SMTP server: a ticket arrives with its QR inline
// (the same token the app shows), in the language the buyer chose; switching ticket e-mails off sends none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signUp } from '../../../test/auth-helpers.ts';
import { appWithSmtp, type AppWithSmtp, type LocalSmtp } from '../../../test/mail-helpers.ts';
import { buy, ticketEvent } from '../../../test/tickets-fixture.ts';

describe.each(DIALECTS)('notification mail on %s', (dialect) => {
  let t: AppWithSmtp;
  let smtp: LocalSmtp;
  beforeAll(async () => {
    t = await appWithSmtp(dialect);
    smtp = t.smtp;
  });
  afterAll(async () => {
    await t?.close();
  });

  // The first mail to `to` whose subject starts with `prefix`, once the queue has sent it.
  const mailTo = async (to: string, prefix: string) => {
    for (let i = 0; i < 300; i++) {
      const found = smtp.mails.find(
        (m) => m.subject?.startsWith(prefix) && m.to && !Array.isArray(m.to) && m.to.text === to,
      );
      if (found) return found;
      await t.app.jobs.runDue();
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await t.app.jobs.runDue();
  };

  it('mails the ticket with its QR inline', async () => {
    const buyer = await signUp(t.app);
    const { typeId } = await ticketEvent(t.app.db, {
      types: [{ name: 'Anticipada', priceCents: 0, capacity: 20, kind: 'free' }],
    });
    const bought = await buy(t.app, buyer, { ticketTypeId: typeId(0), quantity: 1 });
    expect(bought.statusCode).toBeLessThan(300);
    const ticketId = (bought.json() as { tickets: Array<{ id: string }> }).tickets[0]!.id;
    await settle();
    const mail = await mailTo(buyer.email, 'Tu entrada para');
    expect(mail).toBeDefined();
    // mailparser inlines the cid: reference as the image's data URL.
    expect(mail!.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" width="240"/);
    const qr = mail!.attachments.find((a) => a.cid === 'ticket-qr');
    expect(qr?.contentType).toBe('image/png');
    expect(qr!.content.subarray(1, 4).toString()).toBe('PNG');
    expect(mail!.text).toContain('Anticipada');
    expect(mail!.text).toContain(`/tickets?ticket=${ticketId}`);
  });

  it('writes in English to someone who chose English, and sends none when ticket e-mails are off', async () => {
    const english = await signUp(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/locale',
      headers: { origin: TEST_ORIGIN, cookie: english.cookie },
      payload: { locale: 'en' },
    });
    const quiet = await signUp(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: { origin: TEST_ORIGIN, cookie: quiet.cookie },
      payload: { kind: 'tickets', inApp: true, email: false, push: false },
    });
    const { typeId } = await ticketEvent(t.app.db, {
      types: [{ name: 'General', priceCents: 0, capacity: 20, kind: 'free' }],
    });
    await buy(t.app, english, { ticketTypeId: typeId(0), quantity: 1 });
    await buy(t.app, quiet, { ticketTypeId: typeId(0), quantity: 1 });
    await settle();
    const toEnglish = await mailTo(english.email, 'Your ticket for');
    expect(toEnglish?.text).toContain('Show this QR at the door.');
    await settle();
    const toQuiet = smtp.mails.filter(
      (m) => m.subject?.startsWith('Tu entrada') && m.to && !Array.isArray(m.to) && m.to.text === quiet.email,
    );
    expect(toQuiet).toEqual([]);
  });
});
