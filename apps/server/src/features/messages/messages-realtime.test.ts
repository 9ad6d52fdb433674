// Messages over real Socket.IO clients: delivery to both people's tabs, read receipts, typing, and the
// message_new notification only when the recipient is not looking at the conversation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  MESSAGE_CLIENT_EVENTS,
  MESSAGE_SOCKET_EVENTS,
  SOCKET_EVENTS,
  type ConversationReadEvent,
  type MessageNewEvent,
  type Notification,
  type TypingEvent,
} from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { connect, connected, listen, nextEvent } from '../../../test/realtime-helpers.ts';
import { block, caller, openConversation, send, type Person } from '../../../test/messages-fixtures.ts';

const quietly = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('messages in real time on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let call: ReturnType<typeof caller>;
  const sockets: Socket[] = [];
  const open = async (person: Person) => {
    const socket = connect(url, person.cookie);
    sockets.push(socket);
    return connected(socket);
  };
  const heard = (socket: Socket) => {
    const events: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
    return events;
  };
  const view = (socket: Socket, conversationId: string | null) =>
    socket.timeout(2000).emitWithAck(MESSAGE_CLIENT_EVENTS.viewing, { conversationId });
  const messageNotifications = async (person: Person) =>
    (
      (await call('GET', '/api/notifications', person.cookie)).json() as { items: Notification[] }
    ).items.filter((n) => n.type === 'message_new');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
    call = caller(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('delivers a message to every tab of both people, with the recipient’s unread counts, and to nobody else', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const eve = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const [anaTab, beaTab1, beaTab2, eveTab] = await Promise.all([
      open(ana),
      open(bea),
      open(bea),
      open(eve),
    ]);
    const eveHeard = heard(eveTab);

    const arrivals = [beaTab1, beaTab2, anaTab].map((tab) =>
      nextEvent<MessageNewEvent>(tab, MESSAGE_SOCKET_EVENTS.messageNew),
    );
    const badge = nextEvent<{ count: number }>(
      beaTab2,
      MESSAGE_SOCKET_EVENTS.unreadCount,
      (p) => p.count === 1,
    );
    const sent = await send(t.app, ana, id, '¿Vienes esta noche a Mondo?');
    const [b1, b2, a1] = await Promise.all(arrivals);
    expect(b1).toEqual({
      conversationId: id,
      unreadCount: 1,
      message: expect.objectContaining({
        id: sent.id,
        seq: 1,
        senderId: ana.id,
        body: '¿Vienes esta noche a Mondo?',
      }),
    });
    expect(b2).toEqual(b1);
    expect(a1).toMatchObject({ conversationId: id, unreadCount: 0, message: { id: sent.id } });
    await badge;
    await quietly(100);
    expect(
      eveHeard.filter((e) => e.event.startsWith('message') || e.event.startsWith('conversation')),
    ).toEqual([]);
  });

  it('tells the sender’s tabs live when the recipient reads (the "Visto" receipt) and drops the recipient’s badge', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const [anaTab, beaTab] = await Promise.all([open(ana), open(bea)]);
    const m = await send(t.app, ana, id, 'hola');
    await send(t.app, ana, id, 'otra');

    const receipt = nextEvent<ConversationReadEvent>(
      anaTab,
      MESSAGE_SOCKET_EVENTS.conversationRead,
      (p) => p.userId === bea.id,
    );
    const ownTab = nextEvent<ConversationReadEvent>(
      beaTab,
      MESSAGE_SOCKET_EVENTS.conversationRead,
      (p) => p.userId === bea.id,
    );
    const badge = nextEvent<{ count: number }>(
      beaTab,
      MESSAGE_SOCKET_EVENTS.unreadCount,
      (p) => p.count === 1,
    );
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: m.seq })).statusCode).toBe(
      200,
    );
    expect(await receipt).toEqual({ conversationId: id, userId: bea.id, lastReadSeq: 1 });
    expect(await ownTab).toEqual({ conversationId: id, userId: bea.id, lastReadSeq: 1 });
    await badge;

    // Reading nothing new pushes nothing.
    const anaHeard = heard(anaTab);
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: 1 })).statusCode).toBe(
      200,
    );
    await quietly(150);
    expect(anaHeard).toEqual([]);

    // Answering reads what was unread: Ana's tab gets the receipt with Bea's answer.
    const answered = nextEvent<ConversationReadEvent>(
      anaTab,
      MESSAGE_SOCKET_EVENTS.conversationRead,
      (p) => p.userId === bea.id,
    );
    const reply = await send(t.app, bea, id, 'ya voy');
    expect(await answered).toEqual({ conversationId: id, userId: bea.id, lastReadSeq: reply.seq });
    // Writing again with nothing unread changes no receipt: no read event, only the message.
    await quietly(100);
    const quiet = heard(anaTab);
    await send(t.app, bea, id, 'estoy en la puerta');
    await quietly(150);
    expect(quiet.map((e) => e.event).filter((e) => !e.startsWith('notification'))).toEqual([
      MESSAGE_SOCKET_EVENTS.messageNew,
      MESSAGE_SOCKET_EVENTS.unreadCount,
    ]);
  });

  it('forwards typing to the other person only, ignores outsiders, malformed payloads and blocked pairs', async () => {
    const ana = await signUp(t.app);
    const bea = await signUp(t.app);
    const eve = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const [anaTab, beaTab, eveTab] = await Promise.all([open(ana), open(bea), open(eve)]);
    const anaHeard = heard(anaTab);

    const typing = nextEvent<TypingEvent>(beaTab, MESSAGE_SOCKET_EVENTS.typing);
    anaTab.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: id, typing: true });
    expect(await typing).toEqual({ conversationId: id, userId: ana.id, typing: true });
    const stopped = nextEvent<TypingEvent>(beaTab, MESSAGE_SOCKET_EVENTS.typing);
    anaTab.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: id, typing: false });
    expect(await stopped).toEqual({ conversationId: id, userId: ana.id, typing: false });

    const beaHeard = heard(beaTab);
    eveTab.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: id, typing: true });
    anaTab.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: id });
    anaTab.emit(MESSAGE_CLIENT_EVENTS.typing, 'typing');
    anaTab.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: id, typing: true, extra: '<script>' });
    anaTab.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: 'x'.repeat(500), typing: true });
    anaTab.emit(MESSAGE_CLIENT_EVENTS.viewing, 12);
    await quietly(200);
    expect(beaHeard).toEqual([]);
    expect(anaHeard.filter((e) => e.event === MESSAGE_SOCKET_EVENTS.typing)).toEqual([]);
    expect(anaTab.connected && beaTab.connected && eveTab.connected).toBe(true);

    // After a block the signal no longer crosses (fresh sockets: nothing cached).
    await block(t.app, bea, ana);
    const [anaAgain, beaAgain] = await Promise.all([open(ana), open(bea)]);
    const afterBlock = heard(beaAgain);
    anaAgain.emit(MESSAGE_CLIENT_EVENTS.typing, { conversationId: id, typing: true });
    await quietly(200);
    expect(afterBlock).toEqual([]);
  });

  it('raises message_new only when no tab of the recipient is looking at the conversation, once per unread streak', async () => {
    const ana = await signUp(t.app, { firstName: 'Ana' });
    const bea = await signUp(t.app);
    const id = await openConversation(t.app, ana, bea);
    const other = await openConversation(t.app, await signUp(t.app), bea);
    const [beaPhone, beaLaptop] = await Promise.all([open(bea), open(bea)]);

    // Not looking: a notification, live, linking to the conversation with Ana.
    const live = nextEvent<Notification>(
      beaLaptop,
      SOCKET_EVENTS.notificationNew,
      (n) => n.type === 'message_new',
    );
    const first = await send(t.app, ana, id, '¿Quedamos en la puerta de Teatro Barceló?');
    expect(await live).toMatchObject({
      userId: bea.id,
      type: 'message_new',
      title: `Ana ${ana.lastName} te ha escrito`,
      body: '¿Quedamos en la puerta de Teatro Barceló?',
      link: `/mensajes/${ana.id}`,
      refs: { conversationId: id, messageId: first.id, userId: ana.id },
    });
    // More messages before Bea reads: the same streak, no second notification.
    await send(t.app, ana, id, '¿Hola?');
    expect(await messageNotifications(bea)).toHaveLength(1);

    // Bea reads; a tab looking at *another* conversation does not count as looking at this one.
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: 2 })).statusCode).toBe(
      200,
    );
    await view(beaPhone, other);
    await send(t.app, ana, id, 'Estoy en la cola');
    expect(await messageNotifications(bea)).toHaveLength(2);
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: 3 })).statusCode).toBe(
      200,
    );

    // One tab looking at the conversation: no notification at all.
    await view(beaPhone, id);
    const beaHeard = heard(beaLaptop);
    await send(t.app, ana, id, 'Te veo');
    await quietly(150);
    expect(await messageNotifications(bea)).toHaveLength(2);
    expect(beaHeard.map((e) => e.event)).toContain(MESSAGE_SOCKET_EVENTS.messageNew);
    expect(beaHeard.map((e) => e.event)).not.toContain(SOCKET_EVENTS.notificationNew);
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: 4 })).statusCode).toBe(
      200,
    );

    // The tab stops looking (hidden, or closed): notifications come back.
    await view(beaPhone, null);
    await send(t.app, ana, id, '¿Dónde estás?');
    expect(await messageNotifications(bea)).toHaveLength(3);
    await view(beaPhone, id);
    beaPhone.disconnect();
    await quietly(100);
    expect((await call('POST', `/api/conversations/${id}/read`, bea.cookie, { seq: 5 })).statusCode).toBe(
      200,
    );
    await send(t.app, ana, id, 'Llámame');
    expect(await messageNotifications(bea)).toHaveLength(4);
  });
});
