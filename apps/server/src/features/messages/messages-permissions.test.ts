// Who may write to whom, called straight against the API: the recipient's "who can message me" setting and
// blocks either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import {
  block,
  caller,
  connectPeople,
  onlyConnectionsMayWrite,
  openConversation,
  send,
  unblock,
} from '../../../test/messages-fixtures.ts';

describe.each(DIALECTS)('who may message whom on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  const conversationCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('conversations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const list = async (cookie: string) =>
    ((await call('GET', '/api/conversations', cookie)).json() as { items: Conversation[] }).items;
  const total = async (cookie: string) =>
    ((await call('GET', '/api/messages/unread-count', cookie)).json() as { count: number }).count;

  it('treats a private profile as "connections only": a stranger cannot start a conversation through the API', async () => {
    const hidden = await signUp(t.app);
    const stranger = await signUp(t.app);
    const friend = await signUp(t.app);
    expect((await call('PATCH', '/api/me/privacy', hidden.cookie, { isPrivate: true })).statusCode).toBe(200);
    await connectPeople(t.app, friend, hidden);

    const before = await conversationCount();
    const refused = await call('POST', '/api/conversations', stranger.cookie, { userId: hidden.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MESSAGES_CONNECTIONS_ONLY');
    expect(await conversationCount()).toBe(before);
    const id = await openConversation(t.app, friend, hidden);
    await send(t.app, friend, id, 'hola');
  });

  it('lets only connections start a conversation with someone who chose "connections only"', async () => {
    const carla = await signUp(t.app);
    const stranger = await signUp(t.app);
    const friend = await signUp(t.app);
    await onlyConnectionsMayWrite(t.app, carla);
    await connectPeople(t.app, friend, carla);

    const before = await conversationCount();
    const refused = await call('POST', '/api/conversations', stranger.cookie, { userId: carla.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MESSAGES_CONNECTIONS_ONLY');
    expect(refused.json().error.message).toMatch(/solo recibe mensajes de sus conexiones/);
    expect(await conversationCount()).toBe(before);

    const id = await openConversation(t.app, friend, carla);
    await send(t.app, friend, id, 'hola Carla');

    // Carla herself may write to anyone who takes messages from everyone; once she has written, they may answer her.
    const toStranger = await openConversation(t.app, carla, stranger);
    expect((await call('GET', `/api/conversations/${toStranger}`, stranger.cookie)).json()).toMatchObject({
      canSend: false,
      cannotSendReason: 'connections_only',
    });
    expect(
      (await call('POST', `/api/conversations/${toStranger}/messages`, stranger.cookie, { body: 'me cuelo' }))
        .statusCode,
    ).toBe(403);
    await send(t.app, carla, toStranger, '¿nos vemos en Kapital?');
    expect((await call('GET', `/api/conversations/${toStranger}`, stranger.cookie)).json()).toMatchObject({
      canSend: true,
      cannotSendReason: null,
    });
    await send(t.app, stranger, toStranger, '¡claro!');
  });

  it('closes the composer of an existing conversation when the recipient switches to "connections only", until they write back', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    await send(t.app, ana, id, 'primera');
    await onlyConnectionsMayWrite(t.app, bea);

    expect((await call('GET', `/api/conversations/${id}`, ana.cookie)).json()).toMatchObject({
      canSend: false,
      cannotSendReason: 'connections_only',
    });
    const refused = await call('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'segunda' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MESSAGES_CONNECTIONS_ONLY');
    // Reading stays possible, and reopening from the profile finds the same conversation.
    expect((await call('GET', `/api/conversations/${id}/messages`, ana.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/conversations', ana.cookie, { userId: bea.id })).json()).toMatchObject({
      id,
      canSend: false,
    });
    expect((await list(ana.cookie))[0]).toMatchObject({
      id,
      canSend: false,
      cannotSendReason: 'connections_only',
    });

    await send(t.app, bea, id, 'te contesto yo');
    expect((await call('GET', `/api/conversations/${id}`, ana.cookie)).json()).toMatchObject({
      canSend: true,
    });
    await send(t.app, ana, id, 'gracias');
  });

  it('hides a conversation from both people while either blocks the other, and brings it back on unblock', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    await send(t.app, ana, id, 'hola');
    await send(t.app, ana, id, '¿estás?');
    expect(await total(bea.cookie)).toBe(2);

    await block(t.app, bea, ana);
    // The blocked person is told the other does not exist; the blocker is told why.
    const fromBlocked = await call('POST', '/api/conversations', ana.cookie, { userId: bea.id });
    expect(fromBlocked.statusCode).toBe(404);
    expect(fromBlocked.json().error.code).toBe('USER_NOT_FOUND');
    const fromBlocker = await call('POST', '/api/conversations', bea.cookie, { userId: ana.id });
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json().error.code).toBe('MESSAGES_BLOCKED');

    for (const person of [ana, bea]) {
      for (const [method, url, payload] of [
        ['GET', `/api/conversations/${id}`, undefined],
        ['GET', `/api/conversations/${id}/messages`, undefined],
        ['POST', `/api/conversations/${id}/messages`, { body: 'hola' }],
        ['POST', `/api/conversations/${id}/read`, { seq: 2 }],
      ] as const) {
        const response = await call(method, url, person.cookie, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe('CONVERSATION_NOT_FOUND');
      }
      expect(await list(person.cookie)).toEqual([]);
    }
    expect(await total(bea.cookie)).toBe(0);
    const stored = await t.app.db
      .selectFrom('messages')
      .select('body')
      .where('conversation_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(stored.map((m) => m.body)).toEqual(['hola', '¿estás?']);

    await unblock(t.app, bea, ana);
    expect((await list(bea.cookie)).map((c) => c.id)).toEqual([id]);
    expect(await total(bea.cookie)).toBe(2);
    await send(t.app, bea, id, 'perdona, ya estoy');
  });

  it('refuses a block in either direction the same way for a new conversation', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    await block(t.app, ana, bea);
    expect((await call('POST', '/api/conversations', bea.cookie, { userId: ana.id })).json().error.code).toBe(
      'USER_NOT_FOUND',
    );
    expect((await call('POST', '/api/conversations', ana.cookie, { userId: bea.id })).json().error.code).toBe(
      'MESSAGES_BLOCKED',
    );
    const rows = await t.app.db
      .selectFrom('conversations')
      .select('id')
      .where('pair_key', 'in', [`${ana.id}:${bea.id}`, `${bea.id}:${ana.id}`])
      .execute();
    expect(rows).toEqual([]);
  });
});
