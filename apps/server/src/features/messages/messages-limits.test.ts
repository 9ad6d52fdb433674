import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_START_LIMIT, MESSAGE_SEND_LIMIT } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, openConversation } from '../../../test/messages-fixtures.ts';

describe.each(DIALECTS)('message rate limits on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After once a person sends too fast, stores nothing more, and leaves others alone', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    for (let i = 0; i < MESSAGE_SEND_LIMIT.max; i++) {
      expect(
        (await call('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: `mensaje ${i}` }))
          .statusCode,
      ).toBe(201);
    }
    const limited = await call('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: 'uno más' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().error.message).toMatch(/Espera \d+ segundos/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(MESSAGE_SEND_LIMIT.windowSeconds);
    // Bad bodies count too: flooding with garbage does not get around the limit.
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, ana.cookie, { body: '' })).statusCode,
    ).toBe(429);

    const stored = await t.app.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', id)
      .execute();
    expect(stored).toHaveLength(MESSAGE_SEND_LIMIT.max);
    // The limit is per person: the other side still answers.
    expect(
      (await call('POST', `/api/conversations/${id}/messages`, bea.cookie, { body: 'tranquila' })).statusCode,
    ).toBe(201);
  });

  it('limits how many new conversations a person starts; reopening an existing one does not count', async () => {
    const ana = await signUp(t.app);
    const first = await signUp(t.app);
    await openConversation(t.app, ana, first);
    const others = await Promise.all(
      Array.from({ length: CONVERSATION_START_LIMIT.max }, () => signUp(t.app)),
    );
    for (const other of others.slice(1))
      expect((await call('POST', '/api/conversations', ana.cookie, { userId: other.id })).statusCode).toBe(
        201,
      );
    const limited = await call('POST', '/api/conversations', ana.cookie, { userId: others[0]!.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Opening a conversation that exists is no new conversation.
    expect((await call('POST', '/api/conversations', ana.cookie, { userId: first.id })).statusCode).toBe(200);
    // Someone else may still start one with Ana.
    expect((await call('POST', '/api/conversations', others[0]!.cookie, { userId: ana.id })).statusCode).toBe(
      201,
    );
  });
});
