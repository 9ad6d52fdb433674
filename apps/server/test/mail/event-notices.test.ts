// The event reminder and the event-cancelled mails, through the queue and a real SMTP server, read as the person
// gets them; and a person who turned the in-app channel off for reminders gets the mail but no unread badge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DIALECTS } from '../test-app.ts';
import { TEST_ORIGIN } from '../auth-helpers.ts';
import { appWithSmtp, type AppWithSmtp, type LocalSmtp } from '../mail-helpers.ts';
import { buy, ticketEvent } from '../tickets-fixture.ts';
import { caller, getTicket, person, staffedClub } from '../door-fixture.ts';
import { eventInput } from '../management-fixture.ts';
import { sendDueReminders } from '../../src/features/reminders/scheduler.ts';

describe.each(DIALECTS)('event mails on %s', (dialect) => {
  let t: AppWithSmtp;
  let smtp: LocalSmtp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await appWithSmtp(dialect);
    smtp = t.smtp;
    call = caller(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  // The first mail to `to` with that subject, once the queue has sent it (notification job, then mail job).
  const mailTo = async (to: string, subject: string): Promise<ParsedMail | undefined> => {
    for (let i = 0; i < 200; i++) {
      const found = smtp.mails.find(
        (m) => m.subject === subject && m.to && !Array.isArray(m.to) && m.to.text === to,
      );
      if (found) return found;
      await t.app.jobs.runDue();
      await new Promise((r) => setTimeout(r, 25));
    }
    return undefined;
  };
  const unread = async (cookie: string) =>
    (
      (await call('GET', '/api/notifications/unread-count', cookie)).json() as {
        count: number;
      }
    ).count;
  const reminderNotice = (userId: string) =>
    t.app.db
      .selectFrom('notifications')
      .select(['is_read'])
      .where('user_id', '=', userId)
      .where('type', '=', 'event_reminder')
      .executeTakeFirst();

  it('mails the reminder of tonight’s event with its club and a link to it', async () => {
    const holder = await person(t.app);
    const { eventId, typeId } = await ticketEvent(t.app.db, {
      startsInHours: 2,
      types: [{ name: 'General', priceCents: 0, capacity: 20, kind: 'free' }],
    });
    expect((await buy(t.app, holder, { ticketTypeId: typeId(0), quantity: 1 })).statusCode).toBeLessThan(300);
    const event = await t.app.db
      .selectFrom('events')
      .innerJoin('clubs', 'clubs.id', 'events.club_id')
      .select(['events.name', 'clubs.name as club'])
      .where('events.id', '=', eventId)
      .executeTakeFirstOrThrow();

    expect(await sendDueReminders(t.app.db, t.app.realtime, 'test')).toBeGreaterThanOrEqual(1);
    const mail = await mailTo(holder.email, `Esta noche: ${event.name}`);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(event.club);
    expect(mail!.text).toContain(`http://localhost:3000/evento/${eventId}`);
    expect(mail!.html).toContain(event.name);
    // The app told them too, as unread.
    expect(await unread(holder.cookie)).toBeGreaterThanOrEqual(1);
    expect(Boolean((await reminderNotice(holder.id))!.is_read)).toBe(false);
  });

  it('with in-app off for reminders, still mails it but adds no unread notification', async () => {
    const quiet = await person(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: { origin: TEST_ORIGIN, cookie: quiet.cookie },
      payload: { kind: 'reminders', inApp: false, email: true, push: false },
    });
    expect(set.statusCode).toBe(200);
    const { eventId, typeId } = await ticketEvent(t.app.db, {
      startsInHours: 2,
      types: [{ name: 'General', priceCents: 0, capacity: 20, kind: 'free' }],
    });
    await buy(t.app, quiet, { ticketTypeId: typeId(0), quantity: 1 });
    const before = await unread(quiet.cookie);
    const name = (
      await t.app.db.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirstOrThrow()
    ).name;

    await sendDueReminders(t.app.db, t.app.realtime, 'test');
    expect(await mailTo(quiet.email, `Esta noche: ${name}`)).toBeDefined();
    expect(await unread(quiet.cookie)).toBe(before);
    // Kept in the list, already read.
    expect(Boolean((await reminderNotice(quiet.id))?.is_read)).toBe(true);
  });

  it('mails each holder that the event was cancelled, with a link to their tickets', async () => {
    const admin = await person(t.app, 'admin');
    const club = await staffedClub(t.app, admin);
    const created = await call('POST', '/api/manage/events', club.ceo.cookie, eventInput(club.club.id));
    expect(created.statusCode).toBe(201);
    const ev = created.json() as { id: string; name: string };
    const types = await call('POST', `/api/manage/events/${ev.id}/ticket-types`, club.ceo.cookie, {
      name: 'General',
      priceCents: 0,
      capacity: 50,
    });
    const typeId = (types.json() as { items: Array<{ id: string }> }).items[0]!.id;
    await call('POST', `/api/manage/events/${ev.id}/status`, club.ceo.cookie, { status: 'published' });
    const ana = await person(t.app);
    const bea = await person(t.app);
    await getTicket(t.app, ana, typeId, 2);
    await getTicket(t.app, bea, typeId, 1);

    expect((await call('POST', `/api/manage/events/${ev.id}/cancel`, club.ceo.cookie)).statusCode).toBe(200);
    for (const holder of [ana, bea]) {
      const mail = await mailTo(holder.email, `Cancelado: ${ev.name}`);
      expect(mail).toBeDefined();
      expect(mail!.text).toContain('http://localhost:3000/tickets');
      expect(mail!.html).toContain(ev.name);
    }
    // Once each: two entradas for Ana are one mail.
    const cancelled = smtp.mails.filter((m) => m.subject === `Cancelado: ${ev.name}`);
    expect(cancelled).toHaveLength(2);
  });
});
