import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE, type Conversation, type Message } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, openConversation, send } from '../../../test/messages-fixtures.ts';
import { sendMessage } from './service.ts';

describe.each(DIALECTS)('messages API on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  const conversation = async (cookie: string, id: string) =>
    (await call('GET', `/api/conversations/${id}`, cookie)).json() as Conversation;
  const total = async (cookie: string) =>
    ((await call('GET', '/api/messages/unread-count', cookie)).json() as { count: number }).count;
  const list = async (cookie: string) =>
    ((await call('GET', '/api/conversations', cookie)).json() as { items: Conversation[] }).items;

  it('answers 401 without a session on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['POST', '/api/conversations'],
      ['GET', '/api/messages/unread-count'],
      ['GET', '/api/conversations/x'],
      ['GET', '/api/conversations/x/messages'],
      ['POST', '/api/conversations/x/messages'],
      ['POST', '/api/conversations/x/read'],
    ] as const) {
      const response = await call(method, url, undefined, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('opens one conversation per pair from either side, and refuses oneself, strangers that do not exist and bad input', async () => {
    const ana = await signUp(t.app, { firstName: 'Ana' });
    const bea = await signUp(t.app, { firstName: 'Bea' });
    const first = await call('POST', '/api/conversations', ana.cookie, { userId: bea.id });
    expect(first.statusCode).toBe(201);
    const created = first.json() as Conversation;
    expect(created).toMatchObject({
      other: { id: bea.id, name: `Bea ${bea.lastName}` },
      lastMessage: null,
      unreadCount: 0,
      canSend: true,
      cannotSendReason: null,
    });
    const again = await call('POST', '/api/conversations', ana.cookie, { userId: bea.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.id);
    const fromBea = await call('POST', '/api/conversations', bea.cookie, { userId: ana.id });
    expect(fromBea.statusCode).toBe(200);
    expect(fromBea.json()).toMatchObject({ id: created.id, other: { id: ana.id } });

    const self = await call('POST', '/api/conversations', ana.cookie, { userId: ana.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('CANNOT_MESSAGE_SELF');
    const nobody = await call('POST', '/api/conversations', ana.cookie, { userId: 'no-such-user' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('USER_NOT_FOUND');
    const bad = await call('POST', '/api/conversations', ana.cookie, { userId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('userId');

    // An empty conversation is not listed until someone writes.
    expect(await list(ana.cookie)).toEqual([]);
    expect(await list(bea.cookie)).toEqual([]);
  });

  it('settles people opening the same conversation at the same instant: one row for the pair', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? call('POST', '/api/conversations', ana.cookie, { userId: bea.id })
          : call('POST', '/api/conversations', bea.cookie, { userId: ana.id }),
      ),
    );
    expect(responses.map((r) => r.statusCode).filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.app.db
      .selectFrom('conversations')
      .select('id')
      .where('pair_key', 'in', [`${ana.id}:${bea.id}`, `${bea.id}:${ana.id}`])
      .execute();
    expect(rows).toHaveLength(1);
    const members = await t.app.db
      .selectFrom('conversation_members')
      .select('user_id')
      .where('conversation_id', '=', rows[0]!.id)
      .execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([ana.id, bea.id].sort());
  });

  it('sends text of 1 to 2,000 characters after trimming, stored as written, and refuses anything else unchanged', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const sent = await call('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: '   <b>hola</b> https://nocturna.example/evento/x  \n',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      conversationId: id,
      seq: 1,
      senderId: ana.id,
      body: '<b>hola</b> https://nocturna.example/evento/x',
      clientId: null,
    });
    expect(
      (
        await call('POST', `/api/conversations/${id}/messages`, ana.cookie, {
          body: 'ñ'.repeat(MESSAGE_MAX_LENGTH),
        })
      ).statusCode,
    ).toBe(201);

    for (const body of ['', '   \n\t ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), 'hola\u0000', 42, null]) {
      const response = await call('POST', `/api/conversations/${id}/messages`, ana.cookie, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'body' });
    }
    expect((await call('POST', `/api/conversations/${id}/messages`, ana.cookie, {})).statusCode).toBe(400);
    expect(
      (
        await call('POST', `/api/conversations/${id}/messages`, ana.cookie, {
          body: 'hola',
          clientId: 'no spaces!',
        })
      ).statusCode,
    ).toBe(400);
    const missing = await call('POST', '/api/conversations/nope/messages', ana.cookie, { body: 'hola' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('CONVERSATION_NOT_FOUND');

    const page = (await call('GET', `/api/conversations/${id}/messages`, bea.cookie)).json() as {
      items: Message[];
    };
    expect(page.items.map((m) => m.seq)).toEqual([2, 1]);
  });

  it('keeps someone outside a conversation out of it: 404 on read, list, send and mark read, and nothing changes', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const eve = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    await send(t.app, ana, id, 'solo para Bea');
    for (const [method, url, payload] of [
      ['GET', `/api/conversations/${id}`, undefined],
      ['GET', `/api/conversations/${id}/messages`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { body: 'hola' }],
      ['POST', `/api/conversations/${id}/read`, { seq: 1 }],
    ] as const) {
      const response = await call(method, url, eve.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('CONVERSATION_NOT_FOUND');
    }
    expect(await list(eve.cookie)).toEqual([]);
    expect(await total(eve.cookie)).toBe(0);
    expect(await total(bea.cookie)).toBe(1);
    const messages = (await call('GET', `/api/conversations/${id}/messages`, ana.cookie)).json() as {
      items: Message[];
    };
    expect(messages.items.map((m) => m.body)).toEqual(['solo para Bea']);
  });

  it('pages older messages by cursor, newest page first, without gaps or repeats', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const count = 2 * MESSAGES_PAGE_SIZE + 15;
    // More messages than two people may send through HTTP in a minute: written through the same service the
    // route calls, in two voices.
    for (let i = 1; i <= count; i++) {
      const from = i % 2 ? ana : bea;
      await sendMessage(t.app.db, t.app.realtime, { id: from.id, name: from.firstName }, id, {
        body: `mensaje ${i}`,
      });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await call(
        'GET',
        `/api/conversations/${id}/messages${cursor ? `?cursor=${cursor}` : ''}`,
        bea.cookie,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json() as { items: Message[]; nextCursor: string | null };
      seen.push(...page.items.map((m) => m.seq));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => count - i));
    const small = (await call('GET', `/api/conversations/${id}/messages?limit=5`, ana.cookie)).json() as {
      items: Message[];
    };
    expect(small.items.map((m) => m.body)).toEqual([75, 74, 73, 72, 71].map((n) => `mensaje ${n}`));
    expect((await call('GET', `/api/conversations/${id}/messages?limit=101`, ana.cookie)).statusCode).toBe(
      400,
    );
    const bad = await call('GET', `/api/conversations/${id}/messages?cursor=nonsense`, ana.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_CURSOR');
  }, 60_000);

  it('lists conversations by latest activity with the other person, last message and unread count, paginated', async () => {
    const me = await signUp(t.app);
    const others = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const ids: string[] = [];
    for (const other of others) {
      const id = await openConversation(t.app, other, me);
      ids.push(id);
      await send(t.app, other, id, `hola de ${other.firstName} ${other.lastName}`);
    }
    // The first conversation gets a new message: it moves to the top.
    await send(t.app, others[0], ids[0]!, 'sigo aquí');
    const items = await list(me.cookie);
    expect(items.map((c) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(items[0]).toMatchObject({
      other: { id: others[0].id, avatarUrl: null },
      lastMessage: { body: 'sigo aquí', senderId: others[0].id, seq: 2 },
      unreadCount: 2,
    });
    expect(items[1]!.unreadCount).toBe(1);
    expect(await total(me.cookie)).toBe(4);

    const first = (await call('GET', '/api/conversations?limit=2', me.cookie)).json() as {
      items: Conversation[];
      nextCursor: string;
    };
    expect(first.items.map((c) => c.id)).toEqual([ids[0], ids[2]]);
    const second = (
      await call('GET', `/api/conversations?limit=2&cursor=${first.nextCursor}`, me.cookie)
    ).json() as { items: Conversation[]; nextCursor: string | null };
    expect(second.items.map((c) => c.id)).toEqual([ids[1]]);
    expect(second.nextCursor).toBeNull();
    expect((await call('GET', '/api/conversations?cursor=zzz', me.cookie)).statusCode).toBe(400);
  });

  it('counts unread per conversation and in total, marks read up to a message (forward only), and shows the receipt to the sender', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const m1 = await send(t.app, ana, id, 'uno');
    const m2 = await send(t.app, ana, id, 'dos');
    await send(t.app, ana, id, 'tres');
    expect((await conversation(bea.cookie, id)).unreadCount).toBe(3);
    expect(await total(bea.cookie)).toBe(3);
    expect((await conversation(ana.cookie, id)).otherLastReadSeq).toBe(0);

    const read = await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: m2.seq });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ conversationId: id, lastReadSeq: 2, unreadCount: 1, totalUnread: 1 });
    expect(await conversation(ana.cookie, id)).toMatchObject({ otherLastReadSeq: 2 });

    // Going back changes nothing; beyond the last message stops at the last message.
    expect(
      (await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: m1.seq })).json(),
    ).toMatchObject({ lastReadSeq: 2, unreadCount: 1 });
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: 999 })).json()).toEqual({
      conversationId: id,
      lastReadSeq: 3,
      unreadCount: 0,
      totalUnread: 0,
    });
    for (const payload of [{}, { seq: -1 }, { seq: 1.5 }, { seq: '2' }]) {
      expect(
        (await call('POST', `/api/conversations/${id}/read`, bea.cookie, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }

    // Answering reads everything before the answer; the other side's count goes up by one.
    await send(t.app, ana, id, 'cuatro');
    expect(await total(bea.cookie)).toBe(1);
    await send(t.app, bea, id, 'respuesta');
    expect(await conversation(bea.cookie, id)).toMatchObject({ unreadCount: 0, myLastReadSeq: 5 });
    expect(await conversation(ana.cookie, id)).toMatchObject({
      unreadCount: 1,
      otherLastReadSeq: 5,
      myLastReadSeq: 4,
    });
    expect(await total(ana.cookie)).toBe(1);
    expect(await total(bea.cookie)).toBe(0);
  });

  it('stores a send retried with the same clientId once, even when both arrive together', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const first = await call('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'una vez',
      clientId: 'client-0001',
    });
    const retry = await call('POST', `/api/conversations/${id}/messages`, ana.cookie, {
      body: 'una vez',
      clientId: 'client-0001',
    });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(first.json().clientId).toBe('client-0001');

    const racing = await Promise.all(
      [0, 1, 2].map(() =>
        call('POST', `/api/conversations/${id}/messages`, ana.cookie, {
          body: 'a la vez',
          clientId: 'client-0002',
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
    const page = (await call('GET', `/api/conversations/${id}/messages`, bea.cookie)).json() as {
      items: Message[];
    };
    expect(page.items.map((m) => m.body)).toEqual(['a la vez', 'una vez']);
    expect((await conversation(bea.cookie, id)).unreadCount).toBe(2);

    const elsewhere = await openConversation(t.app, ana, await signUp(t.app));
    const reused = await call('POST', `/api/conversations/${elsewhere}/messages`, ana.cookie, {
      body: 'otra',
      clientId: 'client-0001',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('CLIENT_ID_REUSED');
  });

  it('gives every message of concurrent sends its own seq, and counts them all unread', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', `/api/conversations/${id}/messages`, i % 2 ? ana.cookie : bea.cookie, {
          body: `a la vez ${i}`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(responses.map((r) => r.json().seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const [a, b] = [await conversation(ana.cookie, id), await conversation(bea.cookie, id)];
    // Each side's unread count is what the other wrote after their own last message.
    const seqOf = (cookie: string) =>
      responses
        .filter((r) => r.json().senderId === (cookie === ana.cookie ? ana.id : bea.id))
        .map((r) => r.json().seq as number);
    const unreadFor = (mine: number[], theirs: number[]) =>
      theirs.filter((s) => s > Math.max(0, ...mine)).length;
    expect(a.unreadCount).toBe(unreadFor(seqOf(ana.cookie), seqOf(bea.cookie)));
    expect(b.unreadCount).toBe(unreadFor(seqOf(bea.cookie), seqOf(ana.cookie)));
  });
});
