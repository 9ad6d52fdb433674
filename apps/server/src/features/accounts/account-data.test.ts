// Download my data and delete my account, through HTTP on a real database: the archive holds what the person made
// and nothing of the password; deletion needs the password, ends every session, waits 14 days (a sign-in cancels
// it), then removes the person's data and photo, keeping their ticket for the club's books without a name.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signIn, signUp } from '../../../test/auth-helpers.ts';
import { buy, ticketEvent } from '../../../test/tickets-fixture.ts';
import { ask } from '../../../test/assistant-helpers.ts';
import { person as personWithRole } from '../../../test/door-fixture.ts';

const DAY = 24 * 3600_000;
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(DIALECTS)('my data on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  async function personWithATicket() {
    const person = await signUp(t.app);
    const { typeId } = await ticketEvent(t.app.db, {
      types: [{ name: 'General', priceCents: 1500, capacity: 50 }],
    });
    const bought = await buy(t.app, person, { ticketTypeId: typeId(0), quantity: 1 });
    expect(bought.statusCode).toBeLessThan(300);
    const ticketId = (bought.json() as { tickets: Array<{ id: string }> }).tickets[0]!.id;
    return { person, ticketId };
  }

  it('builds the archive in the background and offers it for 24 hours', async () => {
    const { person, ticketId } = await personWithATicket();
    await call('POST', '/api/contact', person.cookie, {
      name: 'Persona',
      email: person.email,
      topic: 'general',
      message: 'Un mensaje que debe salir en mi archivo.',
    });
    const asked = await call('POST', '/api/me/exports', person.cookie);
    expect(asked.statusCode).toBe(202);
    const { id, status } = asked.json() as { id: string; status: string };
    expect(status).toBe('pending');
    // Asking again while it is being built gives the same one.
    expect((await call('POST', '/api/me/exports', person.cookie)).json()).toMatchObject({ id });

    await t.app.jobs.runDue();
    const list = (await call('GET', '/api/me/exports', person.cookie)).json() as {
      items: Array<{ id: string; status: string; readyAt: string; expiresAt: string }>;
    };
    expect(list.items[0]).toMatchObject({ id, status: 'ready' });
    expect(Date.parse(list.items[0]!.expiresAt) - Date.parse(list.items[0]!.readyAt)).toBe(DAY);

    const download = await call('GET', `/api/me/exports/${id}/download`, person.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /attachment; filename="nocturna-mis-datos-\d{8}\.json"/,
    );
    const archive = download.json() as Record<string, unknown> & {
      user: { email: string };
      tickets: Array<{ id: string; price_cents: number }>;
      contactMessages: Array<{ message: string }>;
    };
    expect(archive.user.email).toBe(person.email);
    expect(archive.tickets.map((ticket) => ticket.id)).toEqual([ticketId]);
    expect(archive.tickets[0]!.price_cents).toBe(1500);
    expect(archive.contactMessages[0]!.message).toBe('Un mensaje que debe salir en mi archivo.');
    expect(JSON.stringify(archive)).not.toContain('$argon2');
    expect(JSON.stringify(archive)).not.toContain('session_token');

    // Someone else cannot fetch it.
    const stranger = await signUp(t.app);
    expect((await call('GET', `/api/me/exports/${id}/download`, stranger.cookie)).statusCode).toBe(404);

    // A day later the expiry job removes it.
    await t.app.jobs.runDue(new Date(Date.now() + DAY + 60_000));
    expect((await call('GET', `/api/me/exports/${id}/download`, person.cookie)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'exports', `${id}.json`))).toBe(false);
  });

  it('puts in the archive their wall, assistant chats, DJ page and follows, payments, waitlists, reminders, guest lists and reports', async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    const db = t.app.db;
    const now = new Date().toISOString();
    const { clubId, eventId, typeId } = await ticketEvent(db, {
      types: [{ name: 'General', priceCents: 1500, capacity: 50 }],
    });
    const bought = await buy(t.app, person, { ticketTypeId: typeId(0), quantity: 1 });
    const ticketId = (bought.json() as { tickets: Array<{ id: string }> }).tickets[0]!.id;
    const snapshotId = `snap-${person.id}`;
    await db
      .insertInto('snapshots')
      .values({
        id: snapshotId,
        event_id: eventId,
        user_id: person.id,
        front_url: `/media/wall/${snapshotId}-front.webp`,
        back_url: `/media/wall/${snapshotId}-back.webp`,
        approved: true,
        username: person.username,
        user_display_name: 'Yo',
        user_photo_url: null,
        caption: 'En la pista',
        created_at: now,
      })
      .execute();
    const othersSnapshot = `snap-${other.id}`;
    await db
      .insertInto('snapshots')
      .values({
        id: othersSnapshot,
        event_id: eventId,
        user_id: other.id,
        front_url: '/media/wall/x-front.webp',
        back_url: '/media/wall/x-back.webp',
        approved: true,
        username: other.username,
        user_display_name: 'Otra',
        user_photo_url: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('wall_reactions')
      .values({ snapshot_id: othersSnapshot, user_id: person.id, reaction: '🔥', created_at: now })
      .execute();
    await db
      .insertInto('wall_reports')
      .values({ snapshot_id: othersSnapshot, reporter_id: person.id, reason: 'spam', created_at: now })
      .execute();
    const chat = await ask(t.app, person.cookie, '¿Qué hay esta noche de techno?');
    const admin = await personWithRole(t.app, 'admin');
    await call('PUT', `/api/admin/users/${person.id}/roles/dj`, admin.cookie);
    await call('GET', '/api/dj/dashboard', person.cookie);
    await db
      .insertInto('dj_follows')
      .values({ dj_user_id: admin.id, follower_id: person.id, created_at: now })
      .execute();
    // A card checkout extends the order the purchase made.
    const { id: orderId } = await db
      .selectFrom('ticket_orders')
      .select('id')
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payment_orders')
      .values({
        id: orderId,
        user_id: person.id,
        ticket_type_id: typeId(0),
        event_id: eventId,
        club_id: clubId,
        quantity: 2,
        unit_price_cents: 1500,
        fee_cents: 100,
        vat_percent: 21,
        total_cents: 3100,
        refunded_cents: 0,
        currency: 'EUR',
        status: 'pending',
        refund_reason: null,
        promo_code: null,
        promoter_id: null,
        checkout_session_id: 'cs_test_secret',
        checkout_url: null,
        payment_intent: null,
        hold_expires_at: now,
        receipt_number: null,
        created_at: now,
        paid_at: null,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('ticket_waitlist')
      .values({
        id: `wl-${person.id}`,
        ticket_type_id: typeId(0),
        event_id: eventId,
        user_id: person.id,
        status: 'waiting',
        joined_at: now,
        offered_at: null,
        offer_expires_at: null,
        ticket_id: null,
        resale_ticket_id: null,
        promoter_id: null,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('event_reminders')
      .values({
        ticket_id: ticketId,
        user_id: person.id,
        event_id: eventId,
        claimed_by: 'test',
        claimed_at: now,
        notification_id: null,
      })
      .execute();
    const listId = `gl-${person.id}`;
    await db
      .insertInto('guest_lists')
      .values({
        id: listId,
        event_id: eventId,
        club_id: clubId,
        promoter_id: admin.id,
        ticket_type_id: typeId(0),
        name: 'Lista de Ana',
        capacity: 10,
        closes_at: now,
        signup_token: `tok-${person.id}`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('guest_list_entries')
      .values({
        id: `gle-${person.id}`,
        list_id: listId,
        ticket_id: ticketId,
        user_id: person.id,
        name: 'Yo en lista',
        added_by: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('reports')
      .values({
        id: `rep-${person.id}`,
        reporter_id: person.id,
        kind: 'user',
        reported_user_id: other.id,
        message_id: null,
        message_body: null,
        message_created_at: null,
        reason: 'harassment',
        note: 'Me escribe sin parar',
        status: 'open',
        open_key: `${person.id}:user:${other.id}`,
        created_at: now,
        resolved_at: null,
        resolved_by: null,
        resolution_note: null,
      })
      .execute();

    const { id } = (await call('POST', '/api/me/exports', person.cookie)).json() as { id: string };
    await t.app.jobs.runDue();
    const archive = (await call('GET', `/api/me/exports/${id}/download`, person.cookie)).json() as Record<
      string,
      unknown
    > & {
      snapshots: Array<{ id: string; front_url: string; back_url: string; caption: string }>;
      wallReactions: Array<{ snapshot_id: string; reaction: string }>;
      wallReports: Array<{ snapshot_id: string; reason: string }>;
      assistantConversations: Array<{ id: string; messages: Array<{ role: string; text: string }> }>;
      djProfile: { slug: string } | null;
      djFollows: Array<{ dj_user_id: string }>;
      paymentOrders: Array<{ id: string; total_cents: number }>;
      waitlist: Array<{ event_id: string; status: string }>;
      eventReminders: Array<{ ticket_id: string }>;
      guestListEntries: Array<{ list_name: string; ticket_id: string }>;
      reports: Array<{ reported_user_id: string; note: string }>;
    };
    expect(archive.snapshots).toEqual([
      expect.objectContaining({
        id: snapshotId,
        front_url: `/media/wall/${snapshotId}-front.webp`,
        back_url: `/media/wall/${snapshotId}-back.webp`,
        caption: 'En la pista',
      }),
    ]);
    expect(archive.wallReactions).toEqual([
      expect.objectContaining({ snapshot_id: othersSnapshot, reaction: '🔥' }),
    ]);
    expect(archive.wallReports).toEqual([
      expect.objectContaining({ snapshot_id: othersSnapshot, reason: 'spam' }),
    ]);
    expect(archive.assistantConversations).toHaveLength(1);
    expect(archive.assistantConversations[0]!.id).toBe(chat.conversationId);
    expect(archive.assistantConversations[0]!.messages[0]).toEqual(
      expect.objectContaining({ role: 'user', text: '¿Qué hay esta noche de techno?' }),
    );
    const djRow = await t.app.db
      .selectFrom('dj_profiles')
      .select('slug')
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(archive.djProfile).toEqual(expect.objectContaining({ slug: djRow.slug }));
    expect(archive.djFollows).toEqual([expect.objectContaining({ dj_user_id: admin.id })]);
    expect(archive.paymentOrders).toEqual([expect.objectContaining({ id: orderId, total_cents: 3100 })]);
    expect(JSON.stringify(archive.paymentOrders)).not.toContain('cs_test_secret');
    expect(archive.waitlist).toEqual([expect.objectContaining({ event_id: eventId, status: 'waiting' })]);
    expect(archive.eventReminders).toEqual([expect.objectContaining({ ticket_id: ticketId })]);
    expect(archive.guestListEntries).toEqual([
      expect.objectContaining({ list_name: 'Lista de Ana', ticket_id: ticketId }),
    ]);
    expect(archive.reports).toEqual([
      expect.objectContaining({ reported_user_id: other.id, note: 'Me escribe sin parar' }),
    ]);
    // Nothing of the other person's own snapshot.
    expect(JSON.stringify(archive)).not.toContain('x-front.webp');
  });

  it('asks for the password before scheduling a deletion, then signs out everywhere', async () => {
    const person = await signUp(t.app);
    const wrong = await call('POST', '/api/me/deletion', person.cookie, { password: 'otra-cosa' });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { error: { field: string } }).error.field).toBe('password');

    const asked = await call('POST', '/api/me/deletion', person.cookie, { password: person.password });
    expect(asked.statusCode).toBe(202);
    const { dueAt, requestedAt } = asked.json() as { dueAt: string; requestedAt: string };
    expect(Date.parse(dueAt) - Date.parse(requestedAt)).toBe(14 * DAY);
    expect((await call('GET', '/api/me', person.cookie)).statusCode).toBe(401);
  });

  it('cancels the deletion when the person signs in during the grace period', async () => {
    const person = await signUp(t.app);
    await call('POST', '/api/me/deletion', person.cookie, { password: person.password });
    const cookie = await signIn(t.app, person.email, person.password);
    const account = (await call('GET', '/api/me/account', cookie)).json() as { deletion: unknown };
    expect(account.deletion).toBeNull();
    // The job comes due and finds nothing to do.
    await t.app.jobs.runDue(new Date(Date.now() + 15 * DAY));
    const row = await t.app.db
      .selectFrom('users')
      .select(['email', 'deleted_at'])
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: person.email, deleted_at: null });
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
  });

  it('after 14 days removes the data and the photo, keeping the ticket without a name', async () => {
    const { person, ticketId } = await personWithATicket();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: {
        origin: TEST_ORIGIN,
        cookie: person.cookie,
        'content-type': 'multipart/form-data; boundary=XYZ',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="yo.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        PNG,
        Buffer.from('\r\n--XYZ--\r\n'),
      ]),
    });
    expect(upload.statusCode).toBe(200);
    const avatarUrl = (upload.json() as { avatarUrl: string }).avatarUrl;
    const avatarFile = path.join(t.config.dataDir, 'uploads', avatarUrl.replace('/media/', ''));
    expect(fs.existsSync(avatarFile)).toBe(true);

    await call('POST', '/api/me/deletion', person.cookie, { password: person.password });
    // Not yet: a day in, the job is not due.
    await t.app.jobs.runDue(new Date(Date.now() + DAY));
    const waiting = await t.app.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(waiting.deleted_at).toBeNull();
    expect(fs.existsSync(avatarFile)).toBe(true);
    await t.app.jobs.runDue(new Date(Date.now() + 14 * DAY + 60_000));

    const user = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'Cuenta eliminada',
      username: null,
      first_name: null,
      phone_number: null,
    });
    expect(user.email).not.toContain(person.email.split('@')[0]);
    expect(user.deleted_at).not.toBeNull();
    expect(fs.existsSync(avatarFile)).toBe(false);
    const accounts = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', person.id)
      .execute();
    expect(accounts).toEqual([]);
    const ticket = await t.app.db
      .selectFrom('tickets')
      .select(['id', 'price_cents', 'holder_name'])
      .where('id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ id: ticketId, price_cents: 1500, holder_name: 'Cuenta eliminada' });
    await expect(signIn(t.app, person.email, person.password)).rejects.toThrow(/401/);
  });
  it('also removes their DJ page and its photo, their messages, assistant chats, contact and role-audit e-mail', async () => {
    const person = await signUp(t.app);
    const admin = await personWithRole(t.app, 'admin');
    const granted = await call('PUT', `/api/admin/users/${person.id}/roles/dj`, admin.cookie);
    expect(granted.statusCode).toBe(200);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/dj/profile/photo',
      headers: {
        origin: TEST_ORIGIN,
        cookie: person.cookie,
        'content-type': 'multipart/form-data; boundary=XYZ',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="cabina.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        PNG,
        Buffer.from('\r\n--XYZ--\r\n'),
      ]),
    });
    expect(photo.statusCode).toBe(200);
    const photoUrl = (photo.json() as { url: string }).url;
    const photoFile = path.join(t.config.dataDir, 'uploads', photoUrl.replace('/media/', ''));
    expect(fs.existsSync(photoFile)).toBe(true);

    const friend = await signUp(t.app);
    const conversation = await call('POST', '/api/conversations', person.cookie, { userId: friend.id });
    const conversationId = (conversation.json() as { id: string }).id;
    const secret = `Mi portal es el 7, sube ${Date.now()}`;
    expect(
      (await call('POST', `/api/conversations/${conversationId}/messages`, person.cookie, { body: secret }))
        .statusCode,
    ).toBeLessThan(300);
    const reply = `Voy ahora ${Date.now()}`;
    await call('POST', `/api/conversations/${conversationId}/messages`, friend.cookie, { body: reply });
    const chat = await ask(t.app, person.cookie, '¿Qué hay esta noche de techno?');
    expect(chat.status).toBe(200);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'x-forwarded-for': '10.9.8.7' },
      payload: { name: 'Lucía Noche', email: person.email, topic: 'tickets', message: 'No me llega el QR.' },
    });
    expect(contact.statusCode).toBeLessThan(300);

    await call('POST', '/api/me/deletion', person.cookie, { password: person.password });
    await t.app.jobs.runDue(new Date(Date.now() + 14 * DAY + 60_000));

    const db = t.app.db;
    expect(
      await db.selectFrom('dj_profiles').select('user_id').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    expect(fs.existsSync(photoFile)).toBe(false);
    const bodies = await db
      .selectFrom('messages')
      .select(['sender_id', 'body'])
      .where('conversation_id', '=', conversationId)
      .orderBy('seq')
      .execute();
    expect(bodies).toEqual([
      { sender_id: person.id, body: 'Mensaje eliminado' },
      { sender_id: friend.id, body: reply },
    ]);
    expect(
      await db
        .selectFrom('assistant_messages')
        .select('id')
        .where('conversation_id', '=', chat.conversationId)
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('assistant_conversations').select('id').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    const inbox = await db.selectFrom('contact_messages').select(['name', 'email', 'user_id']).execute();
    expect(inbox.filter((m) => m.email === `deleted-${person.id}@deleted.invalid`)).toEqual([
      { name: 'Cuenta eliminada', email: `deleted-${person.id}@deleted.invalid`, user_id: null },
    ]);
    expect(
      inbox.filter((m) => m.email === person.email || m.name === 'Lucía Noche' || m.user_id === person.id),
    ).toEqual([]);
    const audit = await db
      .selectFrom('role_audit')
      .select(['role', 'user_email'])
      .where('user_id', '=', person.id)
      .execute();
    expect(audit).toEqual([{ role: 'dj', user_email: null }]);
  });
});
