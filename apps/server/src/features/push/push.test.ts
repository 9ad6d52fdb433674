// Web Push against a stand-in push service that verifies the signed (VAPID) request and decrypts the payload as
// the browser would: a connection request reaches a subscribed browser, the person's preferences switch it off,
// a browser that unsubscribed (410) is forgotten, and the VAPID pair is kept in DATA_DIR across restarts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signUp } from '../../../test/auth-helpers.ts';
import { startPushStandIn, type PushStandIn } from '../../../test/push-stand-in.ts';
import { resolveVapidKeys } from './vapid.ts';

describe.each(DIALECTS)('web push on %s', (dialect) => {
  let t: TestApp;
  let push: PushStandIn;
  let publicKey = '';
  beforeAll(async () => {
    t = await createTestApp(dialect);
    publicKey = (
      (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json() as { publicKey: string }
    ).publicKey;
    push = await startPushStandIn(() => publicKey);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
  const settle = async (count: number) => {
    for (let i = 0; i < 50 && push.received.length < count; i++) {
      await t.app.jobs.runDue();
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('keeps one VAPID pair in DATA_DIR and gives the same public key after a restart', () => {
    const kept = JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(kept.publicKey).toBe(publicKey);
    expect(resolveVapidKeys(t.config).publicKey).toBe(publicKey);
    expect(fs.statSync(path.join(t.config.dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('sends a connection request to the subscribed browser, signed and encrypted', async () => {
    const asker = await signUp(t.app);
    const person = await signUp(t.app);
    const sub = push.subscription(`p-${person.id}`);
    expect((await call('POST', '/api/push/subscriptions', person.cookie, sub)).statusCode).toBe(201);

    const before = push.received.length;
    await call('POST', '/api/connections/requests', asker.cookie, { userId: person.id });
    await settle(before + 1);
    await push.waitFor(before + 1);
    const got = push.received.at(-1)!;
    expect(got.path).toBe(`/push/p-${person.id}`);
    expect(got.subject).toBe('mailto:hola@nocturna.es');
    expect(got.payload).toMatchObject({
      title: expect.stringMatching(/quiere conectar contigo$/),
      url: expect.stringMatching(/^\//),
    });
    expect((got.payload as { title: string }).title).toContain(asker.firstName);
    expect(push.refused).toEqual([]);
  });

  it('words the push in the language the account stores: English for an English account', async () => {
    const asker = await signUp(t.app);
    const person = await signUp(t.app);
    await t.app.db.updateTable('users').set({ locale: 'en' }).where('id', '=', person.id).execute();
    expect(
      (await call('POST', '/api/push/subscriptions', person.cookie, push.subscription(`en-${person.id}`)))
        .statusCode,
    ).toBe(201);

    const before = push.received.length;
    await call('POST', '/api/connections/requests', asker.cookie, { userId: person.id });
    await settle(before + 1);
    await push.waitFor(before + 1);
    const got = push.received.find((r) => r.path === `/push/en-${person.id}`)!;
    expect(got.payload).toMatchObject({
      title: expect.stringMatching(/wants to connect with you$/),
      body: 'Accept the request to see each other online, see which events you go to and write to each other.',
    });
  });

  it('sends nothing by push when the person switched that kind off', async () => {
    const asker = await signUp(t.app);
    const person = await signUp(t.app);
    await call('POST', '/api/push/subscriptions', person.cookie, push.subscription(`q-${person.id}`));
    const off = await call('PUT', '/api/me/notification-preferences', person.cookie, {
      kind: 'connections',
      inApp: true,
      email: false,
      push: false,
    });
    expect(off.json()).toMatchObject({ kinds: { connections: { inApp: true, email: false, push: false } } });
    await call('POST', '/api/connections/requests', asker.cookie, { userId: person.id });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(push.received.some((r) => r.path === `/push/q-${person.id}`)).toBe(false);
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select('kind')
      .where('payload', 'like', `%q-${person.id}%`)
      .execute();
    expect(jobs).toEqual([]);
  });

  it('forgets a browser the push service says is gone', async () => {
    const person = await signUp(t.app);
    const sub = push.subscription(`g-${person.id}`);
    await call('POST', '/api/push/subscriptions', person.cookie, sub);
    push.gone.add(`g-${person.id}`);
    expect((await call('POST', '/api/push/test', person.cookie)).statusCode).toBe(202);
    for (let i = 0; i < 50; i++) {
      await t.app.jobs.runDue();
      const left = await t.app.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', person.id)
        .execute();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/push/status',
      headers: { cookie: person.cookie },
    });
    expect(status.json()).toEqual({ subscriptions: 0 });
    expect((await call('POST', '/api/push/test', person.cookie)).statusCode).toBe(409);
  });

  it('refuses a subscription without a valid endpoint, naming the field', async () => {
    const person = await signUp(t.app);
    const response = await call('POST', '/api/push/subscriptions', person.cookie, {
      endpoint: 'no-es-una-url',
      keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(10) },
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: { field: string } }).error.field).toBe('endpoint');
  });
});
