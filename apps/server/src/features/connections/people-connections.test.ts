import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_SOCKET_EVENTS,
  SOCKET_EVENTS,
  type ConnectionItem,
  type Notification,
} from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUp } from '../../../test/auth-helpers.ts';
import { caller, connectPeople, createEvent, giveTicket } from '../../../test/people-helpers.ts';
import { connect, connected, listen, nextEvent } from '../../../test/realtime-helpers.ts';
import { pairKey } from '../relations/index.ts';

type Person = Awaited<ReturnType<typeof signUp>>;

describe.each(DIALECTS)('connections on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  const request = (from: Person, to: Person) =>
    call('POST', '/api/connections/requests', from.cookie, { userId: to.id });
  const accept = (me: Person, from: Person) =>
    call('POST', `/api/connections/requests/${from.id}/accept`, me.cookie);
  const decline = (me: Person, from: Person) =>
    call('POST', `/api/connections/requests/${from.id}/decline`, me.cookie);
  const cancel = (me: Person, to: Person) => call('DELETE', `/api/connections/requests/${to.id}`, me.cookie);
  const remove = (me: Person, other: Person) => call('DELETE', `/api/connections/${other.id}`, me.cookie);
  const block = (me: Person, other: Person) => call('PUT', `/api/blocks/${other.id}`, me.cookie);
  const unblock = (me: Person, other: Person) => call('DELETE', `/api/blocks/${other.id}`, me.cookie);
  const list = async (me: Person, tab: string, extra = '') =>
    (await call('GET', `/api/connections?tab=${tab}${extra}`, me.cookie)).json() as {
      items: ConnectionItem[];
      nextCursor: string | null;
    };
  const ids = (page: { items: ConnectionItem[] }) => page.items.map((i) => i.user.id);
  const counts = async (me: Person) => (await call('GET', '/api/connections/counts', me.cookie)).json();
  const notifications = async (me: Person) =>
    ((await call('GET', '/api/notifications', me.cookie)).json() as { items: Notification[] }).items;
  const rows = (a: Person, b: Person) =>
    t.app.db.selectFrom('connections').selectAll().where('pair_key', '=', pairKey(a.id, b.id)).execute();

  it('answers 401 to every connection call without a session', async () => {
    const calls = [
      call('GET', '/api/connections'),
      call('GET', '/api/connections/counts'),
      call('POST', '/api/connections/requests', undefined, { userId: 'x' }),
      call('POST', '/api/connections/requests/x/accept'),
      call('POST', '/api/connections/requests/x/decline'),
      call('DELETE', '/api/connections/requests/x'),
      call('DELETE', '/api/connections/x'),
      call('GET', '/api/blocks'),
      call('PUT', '/api/blocks/x'),
      call('DELETE', '/api/blocks/x'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it('requests and accepts, each with a notification pushed live, and both people see the connection', async () => {
    const ana = await signUp(t.app, { firstName: 'Ana', lastName: 'Luz' });
    const bea = await signUp(t.app, { firstName: 'Bea', lastName: 'Mar' });
    const beaTab = connect(url, bea.cookie);
    const anaTab = connect(url, ana.cookie);
    await Promise.all([connected(beaTab), connected(anaTab)]);

    const requestPushed = nextEvent<Notification>(
      beaTab,
      SOCKET_EVENTS.notificationNew,
      (n) => n.type === 'connection_request',
    );
    const beaHeard = nextEvent<{ userId: string }>(beaTab, CONNECTION_SOCKET_EVENTS.changed);
    const asked = await request(ana, bea);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ userId: bea.id, state: 'outgoing', changed: true });
    expect(await requestPushed).toMatchObject({
      userId: bea.id,
      title: 'Ana Luz quiere conectar contigo',
      refs: { userId: ana.id },
    });
    expect(await beaHeard).toEqual({ userId: ana.id });

    // Asking again changes nothing and raises nothing.
    expect((await request(ana, bea)).json()).toEqual({ userId: bea.id, state: 'outgoing', changed: false });
    expect((await notifications(bea)).filter((n) => n.type === 'connection_request')).toHaveLength(1);

    expect(ids(await list(ana, 'sent'))).toEqual([bea.id]);
    expect(ids(await list(bea, 'received'))).toEqual([ana.id]);
    expect(await counts(bea)).toMatchObject({ connections: 0, received: 1, sent: 0 });
    // The one who asked cannot accept their own request.
    expect((await accept(ana, bea)).statusCode).toBe(404);

    const acceptedPushed = nextEvent<Notification>(
      anaTab,
      SOCKET_EVENTS.notificationNew,
      (n) => n.type === 'connection_accepted',
    );
    const accepted = await accept(bea, ana);
    expect(accepted.json()).toEqual({ userId: ana.id, state: 'connected', changed: true });
    expect(await acceptedPushed).toMatchObject({
      userId: ana.id,
      title: 'Bea Mar ha aceptado tu solicitud',
      link: `/u/${bea.id}`,
    });
    expect((await accept(bea, ana)).json()).toEqual({ userId: ana.id, state: 'connected', changed: false });

    const anaList = await list(ana, 'connections');
    expect(anaList.items).toEqual([
      {
        user: { id: bea.id, name: 'Bea Mar', username: bea.username, avatarUrl: null },
        state: 'connected',
        since: expect.any(String),
        presence: null,
        mutualConnections: 0,
        sharedEvents: 0,
      },
    ]);
    expect(ids(await list(bea, 'connections'))).toEqual([ana.id]);
    expect(await counts(ana)).toMatchObject({ connections: 1, received: 0, sent: 0 });
    expect(await rows(ana, bea)).toHaveLength(1);
    expect((await request(bea, ana)).json()).toEqual({ userId: ana.id, state: 'connected', changed: false });
    beaTab.disconnect();
    anaTab.disconnect();
  });

  it('accepts by requesting back: a request to someone who already asked you connects you', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await request(a, b);
    const back = await request(b, a);
    expect(back.json()).toEqual({ userId: a.id, state: 'connected', changed: true });
    const [row] = await rows(a, b);
    expect(row).toMatchObject({ requester_id: a.id, addressee_id: b.id, status: 'accepted' });
    expect((await notifications(a)).map((n) => n.type)).toEqual(['connection_accepted']);
  });

  it('connects two people who ask each other at the same moment exactly once, for many pairs at once', async () => {
    const pairs: [Person, Person][] = [];
    for (let i = 0; i < 8; i++) pairs.push([await signUp(t.app), await signUp(t.app)]);
    const results = await Promise.all(pairs.flatMap(([a, b]) => [request(a, b), request(b, a)]));
    for (const response of results) expect(response.statusCode, response.body).toBe(200);
    for (const [a, b] of pairs) {
      const found = await rows(a, b);
      expect(found).toHaveLength(1);
      expect(found[0]!.status).toBe('accepted');
      // One of them asked (one request notification), the other's request accepted it (one acceptance).
      const types = [...(await notifications(a)), ...(await notifications(b))].map((n) => n.type).sort();
      expect(types).toEqual(['connection_accepted', 'connection_request']);
      expect((await counts(a)).connections).toBe(1);
    }
  });

  it('settles an accept racing a cancel: either connected or nothing, never both', async () => {
    for (let i = 0; i < 5; i++) {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      await request(a, b);
      const [accepted, cancelled] = await Promise.all([accept(b, a), cancel(a, b)]);
      const statuses = [accepted.statusCode, cancelled.statusCode].sort();
      expect(statuses).toEqual([200, 404]);
      const found = await rows(a, b);
      if (accepted.statusCode === 200) expect(found.map((r) => r.status)).toEqual(['accepted']);
      else expect(found).toHaveLength(0);
    }
  });

  it('declines, cancels and removes, each only by the person it belongs to, and lets people ask again', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    await request(a, b);
    expect((await decline(a, b)).statusCode).toBe(404);
    expect((await decline(c, a)).statusCode).toBe(404);
    expect((await decline(b, a)).json()).toEqual({ userId: a.id, state: 'none', changed: true });
    expect(await rows(a, b)).toHaveLength(0);
    expect((await decline(b, a)).json().error.code).toBe('CONNECTION_REQUEST_NOT_FOUND');

    await request(a, b);
    expect((await cancel(b, a)).statusCode).toBe(404);
    expect((await cancel(a, b)).json()).toEqual({ userId: b.id, state: 'none', changed: true });
    expect(ids(await list(b, 'received'))).toEqual([]);

    await connectPeople(t.app, a, b);
    expect((await cancel(a, b)).statusCode).toBe(404);
    expect((await decline(b, a)).statusCode).toBe(404);
    expect((await remove(c, a)).json().error.code).toBe('CONNECTION_NOT_FOUND');
    expect((await remove(b, a)).json()).toEqual({ userId: a.id, state: 'none', changed: true });
    expect(ids(await list(a, 'connections'))).toEqual([]);
    expect((await remove(a, b)).statusCode).toBe(404);
  });

  it('refuses bad targets: myself (400), nobody (404), bad body (400)', async () => {
    const a = await signUp(t.app);
    const self = await request(a, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({ code: 'CANNOT_CONNECT_SELF', field: 'userId' });
    expect(
      (await call('POST', '/api/connections/requests', a.cookie, { userId: 'nadie' })).json().error.code,
    ).toBe('USER_NOT_FOUND');
    expect((await call('POST', '/api/connections/requests', a.cookie, {})).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/connections/requests', a.cookie, { userId: '' })).json().error.field,
    ).toBe('userId');
    expect((await call('GET', '/api/connections?tab=amigos', a.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/connections?cursor=zzz', a.cookie)).json().error.code).toBe(
      'INVALID_CURSOR',
    );
    expect((await block(a, a)).json().error.code).toBe('CANNOT_BLOCK_SELF');
    expect((await call('PUT', '/api/blocks/nadie', a.cookie)).statusCode).toBe(404);
  });

  it('blocking removes the connection and any request, hides both people from each other everywhere, and unblocking lifts it', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    const asker = await signUp(t.app);
    await connectPeople(t.app, me, friend);
    await request(asker, me);

    const friendTab = connect(url, friend.cookie);
    await connected(friendTab);
    const heard = nextEvent<{ userId: string }>(friendTab, CONNECTION_SOCKET_EVENTS.changed);
    expect((await block(me, friend)).json()).toEqual({ userId: friend.id, blocked: true, changed: true });
    expect(await heard).toEqual({ userId: me.id });
    friendTab.disconnect();
    expect((await block(me, friend)).json()).toEqual({ userId: friend.id, blocked: true, changed: false });
    expect((await block(me, asker)).json().changed).toBe(true);
    expect(await rows(me, friend)).toHaveLength(0);
    expect(await rows(me, asker)).toHaveLength(0);
    expect(await counts(me)).toMatchObject({ connections: 0, received: 0, sent: 0 });
    expect(ids(await list(friend, 'connections'))).toEqual([]);

    // Neither side can reach the other: the same 404 as someone who does not exist.
    for (const [from, to] of [
      [friend, me],
      [me, friend],
    ] as const) {
      expect((await request(from, to)).json().error.code).toBe('USER_NOT_FOUND');
      expect((await accept(from, to)).statusCode).toBe(404);
      expect((await remove(from, to)).statusCode).toBe(404);
    }
    const blockedList = (await call('GET', '/api/blocks', me.cookie)).json();
    expect(blockedList.items.map((i: { id: string }) => i.id).sort()).toEqual([friend.id, asker.id].sort());
    // Blocking someone who blocked me works and reveals nothing; the list of whom I blocked is mine only.
    expect((await block(friend, me)).json()).toMatchObject({ blocked: true, changed: true });
    expect(
      (await call('GET', '/api/blocks', friend.cookie)).json().items.map((i: { id: string }) => i.id),
    ).toEqual([me.id]);

    expect((await unblock(me, friend)).json()).toEqual({ userId: friend.id, blocked: false, changed: true });
    expect((await unblock(me, friend)).json().changed).toBe(false);
    // Still blocked the other way.
    expect((await request(me, friend)).statusCode).toBe(404);
    await unblock(friend, me);
    expect((await request(me, friend)).json().state).toBe('outgoing');
  });

  it('lists newest first with a cursor, with mutual counts, and presence only for connections who show it', async () => {
    const me = await signUp(t.app);
    const friends: Person[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await signUp(t.app);
      await connectPeople(t.app, me, f);
      friends.push(f);
    }
    // friends[0] and friends[1] are connected too: each is a mutual connection of the other.
    await connectPeople(t.app, friends[0]!, friends[1]!);
    await t.app.inject({
      method: 'POST',
      url: '/api/presence/heartbeat',
      headers: { cookie: friends[4]!.cookie, origin: 'http://localhost:3000' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/presence/heartbeat',
      headers: { cookie: friends[3]!.cookie, origin: 'http://localhost:3000' },
    });
    await call('PUT', '/api/me/presence-settings', friends[3]!.cookie, { showOnline: false });

    const first = await list(me, 'connections', '&limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(me, 'connections', `&limit=3&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((i) => i.user.id)).toEqual([...friends].reverse().map((f) => f.id));
    const byId = new Map(all.map((i) => [i.user.id, i]));
    expect(byId.get(friends[4]!.id)!.presence).toMatchObject({ userId: friends[4]!.id, online: true });
    expect(byId.get(friends[3]!.id)!.presence).toBeNull();
    // Never seen online: nothing to show yet.
    expect(byId.get(friends[2]!.id)!.presence).toBeNull();
    expect(byId.get(friends[0]!.id)!.mutualConnections).toBe(1);
    expect(byId.get(friends[1]!.id)!.mutualConnections).toBe(1);
    expect(byId.get(friends[2]!.id)!.mutualConnections).toBe(0);

    // Received requests carry no presence: not connected yet.
    const stranger = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/presence/heartbeat',
      headers: { cookie: stranger.cookie, origin: 'http://localhost:3000' },
    });
    await request(stranger, me);
    expect((await list(me, 'received')).items).toEqual([
      expect.objectContaining({ state: 'incoming', presence: null }),
    ]);
  });

  it('suggests friends of friends and people going to my upcoming events, never anyone already related, blocked or hiding their events', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    const friendOfFriend = await signUp(t.app);
    const wellConnected = await signUp(t.app);
    const coGoer = await signUp(t.app);
    const hidesEvents = await signUp(t.app);
    const privateCoGoer = await signUp(t.app);
    const pastCoGoer = await signUp(t.app);
    const pending = await signUp(t.app);
    const blocked = await signUp(t.app);
    const friend2 = await signUp(t.app);

    await connectPeople(t.app, me, friend);
    await connectPeople(t.app, me, friend2);
    await connectPeople(t.app, friend, friendOfFriend);
    await connectPeople(t.app, friend, wellConnected);
    await connectPeople(t.app, friend2, wellConnected);
    await connectPeople(t.app, friend, pending);
    await connectPeople(t.app, friend, blocked);
    await request(me, pending);
    await block(blocked, me);

    const tonight = await createEvent(t.app.db, { name: 'Esta noche', startsInHours: 5 });
    const past = await createEvent(t.app.db, { name: 'Ayer', startsInHours: -40 });
    await giveTicket(t.app.db, me.id, tonight);
    await giveTicket(t.app.db, me.id, past, 'used');
    await giveTicket(t.app.db, coGoer.id, tonight);
    await giveTicket(t.app.db, hidesEvents.id, tonight);
    await giveTicket(t.app.db, privateCoGoer.id, tonight);
    await giveTicket(t.app.db, pastCoGoer.id, past, 'used');
    await giveTicket(t.app.db, wellConnected.id, tonight);
    await giveTicket(t.app.db, friend.id, tonight);
    await call('PATCH', '/api/me/privacy', hidesEvents.cookie, { showEvents: false });
    await call('PATCH', '/api/me/privacy', privateCoGoer.cookie, { isPrivate: true });

    const suggestions = await list(me, 'suggestions');
    expect(suggestions.nextCursor).toBeNull();
    const got = suggestions.items.map((i) => [i.user.id, i.mutualConnections, i.sharedEvents, i.state]);
    expect(got).toEqual([
      [wellConnected.id, 2, 1, 'none'],
      [friendOfFriend.id, 1, 0, 'none'],
      [coGoer.id, 0, 1, 'none'],
    ]);
    expect((await counts(me)).suggestions).toBe(3);

    // The blocked person is not suggested to me, nor I to them.
    expect(ids(await list(blocked, 'suggestions'))).not.toContain(me.id);
    // Once I ask someone, they leave my suggestions.
    await request(me, coGoer);
    expect(ids(await list(me, 'suggestions'))).not.toContain(coGoer.id);
  });
});
