// The contact form through HTTP: signed out and signed in, Spanish errors naming the field, the honeypot, the
// per-IP limit, and the admins' inbox (reply by e-mail through the queue, mark handled, one winner when two
// admins answer at once; nobody else sees it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, freshIp, signUp } from '../../../test/auth-helpers.ts';
import { appWithSmtp, type AppWithSmtp, type LocalSmtp } from '../../../test/mail-helpers.ts';

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía Noche',
  email: `lucia.${Math.random().toString(36).slice(2)}@example.com`,
  topic: 'tickets',
  message: 'No me llega el QR de mi entrada para el sábado.',
  ...overrides,
});

describe.each(DIALECTS)('contact on %s', (dialect) => {
  let t: AppWithSmtp;
  let smtp: LocalSmtp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await appWithSmtp(dialect);
    smtp = t.smtp;
    admin = await signUp(t.app);
    await t.app.db
      .insertInto('user_roles')
      .values({ user_id: admin.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (payload: unknown, ip = freshIp(), cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const inbox = (cookie: string, status = 'open') =>
    t.app.inject({ method: 'GET', url: `/api/admin/contact?status=${status}&limit=50`, headers: { cookie } });

  it('stores a message from a visitor and one from a signed-in person, shown in the admin inbox', async () => {
    const visitor = form();
    expect((await send(visitor)).statusCode).toBe(201);
    const member = await signUp(t.app);
    const signedIn = form({
      email: member.email,
      message: 'Quiero cambiar el correo de mi cuenta, por favor.',
    });
    expect((await send(signedIn, freshIp(), member.cookie)).statusCode).toBe(201);

    const page = (await inbox(admin.cookie)).json() as {
      items: Array<{ email: string; signedIn: boolean; topic: string; status: string }>;
      openCount: number;
    };
    const mine = page.items.filter((i) => [visitor.email, member.email].includes(i.email));
    expect(mine).toEqual([
      expect.objectContaining({ email: visitor.email, signedIn: false, topic: 'tickets', status: 'open' }),
      expect.objectContaining({ email: member.email, signedIn: true, status: 'open' }),
    ]);
    expect(page.openCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input with a Spanish message naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [form({ email: 'no-es-un-correo' }), 'email', /correo electrónico válido/],
      [form({ message: 'corto' }), 'message', /al menos 10 caracteres/],
      [form({ name: '' }), 'name', /nombre/],
      [form({ topic: 'fiesta' }), 'topic', /tema/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      const { error } = response.json() as { error: { field: string; message: string } };
      expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
    }
  });

  it('answers a bot that filled the honeypot like anyone, and keeps nothing', async () => {
    const bot = form({ website: 'https://casino.example' });
    const response = await send(bot);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
    const stored = await t.app.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', bot.email)
      .execute();
    expect(stored).toEqual([]);
  });

  it(`lets one address send ${CONTACT_RATE_LIMIT.max} messages in the window, then 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send(form(), ip)).statusCode).toBe(201);
    const refused = await send(form(), ip);
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('TOO_MANY_MESSAGES');
    // The wait, for the app to word in the reader's language.
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send(form())).statusCode).toBe(201);
  });

  it('replies by e-mail from the inbox in the writer’s language and marks the message handled', async () => {
    const writer = form();
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp(), cookie: 'nocturna.lang=en' },
      payload: writer,
    });
    const row = await t.app.db
      .selectFrom('contact_messages')
      .select(['id', 'locale'])
      .where('email', '=', writer.email)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('en');
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact/${row.id}/reply`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { reply: 'Your QR is in Tickets; we have sent it again.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      status: 'handled',
      reply: 'Your QR is in Tickets; we have sent it again.',
    });
    const mail = await smtp.waitFor(writer.email);
    expect(mail.subject).toBe('Nocturna has answered your message');
    expect(mail.text).toContain('Your QR is in Tickets');
    expect(mail.text).toContain(writer.message);

    const handled = (await inbox(admin.cookie, 'handled')).json() as {
      items: Array<{ id: string; handledBy: string }>;
    };
    expect(handled.items.find((i) => i.id === row.id)?.handledBy).toBe(
      `${admin.firstName} ${admin.lastName}`,
    );
  });

  it('marks a message handled without a reply: out of the open inbox, in the handled one, no mail sent', async () => {
    const writer = form();
    expect((await send(writer)).statusCode).toBe(201);
    const { id } = await t.app.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', writer.email)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact/${id}/handled`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'handled', reply: null, email: writer.email });
    const row = await t.app.db
      .selectFrom('contact_messages')
      .select(['status', 'handled_by', 'handled_at', 'reply'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'handled', handled_by: admin.id, reply: null });
    expect(row.handled_at).not.toBeNull();
    const open = (await inbox(admin.cookie)).json() as { items: Array<{ id: string }> };
    expect(open.items.map((i) => i.id)).not.toContain(id);
    const handled = (await inbox(admin.cookie, 'handled')).json() as {
      items: Array<{ id: string; handledBy: string }>;
    };
    expect(handled.items.find((i) => i.id === id)?.handledBy).toBe(`${admin.firstName} ${admin.lastName}`);
    // Nothing goes out to the writer: with every due job run, no mail reached them and none waits in the queue
    // (the admins' own notice of the new message may still arrive, so only the writer's address counts).
    await t.app.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === writer.email)).toEqual([]);
    expect(
      await t.app.db.selectFrom('jobs').select('id').where('payload', 'like', `%${writer.email}%`).execute(),
    ).toEqual([]);
    // A second "handled" is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact/${id}/handled`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('sends one reply when two admins answer the same message at once', async () => {
    const other = await signUp(t.app);
    await t.app.db
      .insertInto('user_roles')
      .values({ user_id: other.id, role: 'admin', granted_by: null, granted_at: new Date().toISOString() })
      .execute();
    const writer = form();
    await send(writer);
    const { id } = await t.app.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', writer.email)
      .executeTakeFirstOrThrow();
    const answer = (cookie: string, text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/contact/${id}/reply`,
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { reply: text },
      });
    const results = await Promise.all([
      answer(admin.cookie, 'Respuesta uno'),
      answer(other.cookie, 'Respuesta dos'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Once the queue has nothing left for this address, exactly one reply went out.
    await smtp.waitFor(writer.email);
    for (let i = 0; i < 200; i++) {
      const left = await t.app.db
        .selectFrom('jobs')
        .select('id')
        .where('payload', 'like', `%${writer.email}%`)
        .execute();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === writer.email)).toHaveLength(
      1,
    );
    // Marking it handled now is refused too.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact/${id}/handled`,
      headers: { origin: TEST_ORIGIN, cookie: other.cookie },
    });
    expect(late.statusCode).toBe(409);
  });

  it('keeps the inbox to admins', async () => {
    const person = await signUp(t.app);
    expect((await inbox(person.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/contact' })).statusCode).toBe(401);
    const writer = form();
    await send(writer);
    const { id } = await t.app.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', writer.email)
      .executeTakeFirstOrThrow();
    const attempt = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact/${id}/handled`,
      headers: { origin: TEST_ORIGIN, cookie: person.cookie },
    });
    expect(attempt.statusCode).toBe(403);
  });
});

// Like TEST_DATABASE_URL for PostgreSQL: the cross-server case runs when TEST_REDIS_URL names a Redis.
const REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(DIALECTS)('contact limit on %s', (dialect) => {
  describe.each(REDIS_URLS)('kept in Redis (%s)', (redisUrl) => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp(dialect, { redisUrl });
      b = await createTestApp(dialect, { redisUrl });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    const sendTo = (server: TestApp, ip: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
        payload: form(),
      });

    it('holds across two servers: messages from one address to either add to one count', async () => {
      const ip = freshIp();
      for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++)
        expect((await sendTo(i % 2 === 0 ? a : b, ip)).statusCode).toBe(201);
      for (const server of [a, b]) {
        const refused = await sendTo(server, ip);
        expect(refused.statusCode).toBe(429);
        expect((refused.json() as { error: { code: string } }).error.code).toBe('TOO_MANY_MESSAGES');
      }
      // Only the allowed ones were kept, across both servers' databases.
      const kept = async (server: TestApp) =>
        Number(
          (
            await server.app.db
              .selectFrom('contact_messages')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect((await kept(a)) + (await kept(b))).toBe(CONTACT_RATE_LIMIT.max);
      // Another address is not affected.
      expect((await sendTo(b, freshIp())).statusCode).toBe(201);
    });
  });
});
