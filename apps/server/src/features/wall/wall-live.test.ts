// Watching: the wall's Socket.IO room (new snapshots, removals, reaction counts, the moderators' queue)
// with real sockets, blocked people left out of each other's broadcasts; reactions one of each per person; the
// cursor pages of the wall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, WALL_SOCKET_EVENTS, type Notification, type Snapshot } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller } from '../../../test/people-helpers.ts';
import { connect, connected, listen, nextEvent } from '../../../test/realtime-helpers.ts';
import {
  holder,
  pastInterval,
  person,
  posted,
  staff,
  wallEvent,
  type Person,
} from '../../../test/wall-fixture.ts';

type WatchAnswer = { ok: boolean; code?: string; moderator?: boolean };

describe.each(DIALECTS)('wall live on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let call: ReturnType<typeof caller>;
  const sockets: Socket[] = [];

  async function watcher(who: Person, eventId: string): Promise<{ socket: Socket; answer: WatchAnswer }> {
    const socket = await connected(connect(url, who.cookie));
    sockets.push(socket);
    const answer = await new Promise<WatchAnswer>((resolve) =>
      socket.emit(WALL_SOCKET_EVENTS.watch, eventId, resolve),
    );
    return { socket, answer };
  }

  // Resolves true if the event arrives within the time, false otherwise.
  const arrives = (socket: Socket, event: string, ms = 600) =>
    nextEvent(socket, event, () => true, ms).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
    call = caller(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('brings a new snapshot to everyone watching, but not to people blocked with its author', async () => {
    const { eventId } = await wallEvent(t.app, { gallery: 'attendees' });
    const fan = await holder(t.app, eventId);
    const friend = await holder(t.app, eventId);
    const blocked = await holder(t.app, eventId);
    const outsider = await person(t.app);
    await call('PUT', `/api/blocks/${blocked.id}`, fan.cookie);

    const a = await watcher(friend, eventId);
    expect(a.answer).toMatchObject({ ok: true, moderator: false });
    const b = await watcher(blocked, eventId);
    expect((await watcher(outsider, eventId)).answer).toEqual({ ok: false, code: 'WALL_ATTENDEES_ONLY' });
    expect((await watcher(outsider, 'no-such-event')).answer).toEqual({ ok: false, code: 'EVENT_NOT_FOUND' });

    const seenByFriend = nextEvent<Snapshot>(a.socket, WALL_SOCKET_EVENTS.snapshot);
    const seenByBlocked = arrives(b.socket, WALL_SOCKET_EVENTS.snapshot, 1000);
    const snapshot = await posted(t.app, fan, eventId, 'en directo');
    const live = await seenByFriend;
    expect(live).toMatchObject({ id: snapshot.id, caption: 'en directo', mine: [] });
    expect(live.front.full).toMatch(/sig=/);
    expect(await seenByBlocked).toBe(false);

    // Reactions are counted live; one of each per person.
    const counted = nextEvent<{ snapshotId: string; reactions: Record<string, number> }>(
      a.socket,
      WALL_SOCKET_EVENTS.reactions,
    );
    const first = await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, friend.cookie);
    expect(first.json()).toMatchObject({ reactions: { fire: 1, heart: 0 }, mine: ['fire'] });
    expect((await counted).reactions.fire).toBe(1);
    expect(
      (await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, friend.cookie)).json().reactions
        .fire,
    ).toBe(1);
    await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/heart`, friend.cookie);
    const both = await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, fan.cookie);
    expect(both.json()).toMatchObject({ reactions: { fire: 2, heart: 1 }, mine: ['fire'] });
    const off = await call('DELETE', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, friend.cookie);
    expect(off.json()).toMatchObject({ reactions: { fire: 1, heart: 1 }, mine: ['heart'] });
    expect(
      (await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/poop`, friend.cookie)).statusCode,
    ).toBe(400);
    const [listed] = (
      (await call('GET', `/api/wall/events/${eventId}/snapshots`, friend.cookie)).json() as {
        items: Snapshot[];
      }
    ).items;
    expect(listed).toMatchObject({ reactions: { fire: 1, heart: 1 }, mine: ['heart'] });

    // Deleting it takes it off every screen.
    const removed = nextEvent<{ snapshotId: string }>(a.socket, WALL_SOCKET_EVENTS.removed);
    await call('DELETE', `/api/wall/snapshots/${snapshot.id}`, fan.cookie);
    expect((await removed).snapshotId).toBe(snapshot.id);
  });

  it('tells moderators of a new pending snapshot and brings it to the wall when approved', async () => {
    const { clubId, eventId } = await wallEvent(t.app, { moderation: 'pre' });
    const fan = await holder(t.app, eventId);
    const viewer = await holder(t.app, eventId);
    const ceo = await staff(t.app, clubId, 'owner');
    const mod = await watcher(ceo, eventId);
    expect(mod.answer).toMatchObject({ ok: true, moderator: true });
    const watching = await watcher(viewer, eventId);
    const author = await connected(connect(url, fan.cookie));
    sockets.push(author);

    const queued = nextEvent(mod.socket, WALL_SOCKET_EVENTS.queue);
    const early = arrives(watching.socket, WALL_SOCKET_EVENTS.snapshot, 800);
    const snapshot = await posted(t.app, fan, eventId);
    await queued;
    expect(await early).toBe(false);

    const shown = nextEvent<Snapshot>(watching.socket, WALL_SOCKET_EVENTS.snapshot);
    const told = nextEvent<Snapshot>(author, WALL_SOCKET_EVENTS.mine);
    await call('POST', `/api/wall/snapshots/${snapshot.id}/decision`, ceo.cookie, { decision: 'approve' });
    expect((await shown).id).toBe(snapshot.id);
    expect(await told).toMatchObject({ id: snapshot.id, status: 'approved' });
  });

  it('a takedown request hides the photo live, refreshes the queue and notifies every moderator of the event', async () => {
    const { clubId, eventId } = await wallEvent(t.app, { gallery: 'attendees' });
    const fan = await holder(t.app, eventId);
    const shown = await holder(t.app, eventId);
    const watching = await holder(t.app, eventId);
    const ceo = await staff(t.app, clubId, 'owner');
    const door = await staff(t.app, clubId, 'door');
    const admin = await person(t.app, 'admin');
    const otherClub = await wallEvent(t.app);
    const otherCeo = await staff(t.app, otherClub.clubId, 'owner');
    const snapshot = await posted(t.app, fan, eventId, 'salgo yo');

    const mod = await watcher(ceo, eventId);
    expect(mod.answer).toMatchObject({ ok: true, moderator: true });
    const viewer = await watcher(watching, eventId);
    const doorSocket = await connected(connect(url, door.cookie));
    sockets.push(doorSocket);
    const otherSocket = await connected(connect(url, otherCeo.cookie));
    sockets.push(otherSocket);
    const isTakedown = (n: Notification) =>
      n.type === 'snapshot_takedown' && n.refs.snapshotId === snapshot.id;

    const queued = nextEvent<{ eventId: string }>(mod.socket, WALL_SOCKET_EVENTS.queue);
    const removed = nextEvent<{ snapshotId: string }>(viewer.socket, WALL_SOCKET_EVENTS.removed);
    const ceoNotice = nextEvent<Notification>(mod.socket, SOCKET_EVENTS.notificationNew, isTakedown);
    const doorNotice = nextEvent<Notification>(doorSocket, SOCKET_EVENTS.notificationNew, isTakedown);
    const otherHears = nextEvent<Notification>(
      otherSocket,
      SOCKET_EVENTS.notificationNew,
      isTakedown,
      1000,
    ).then(
      () => true,
      () => false,
    );
    const asked = await call('POST', `/api/wall/snapshots/${snapshot.id}/takedown`, shown.cookie, {});
    expect(asked.statusCode).toBe(201);

    expect(await queued).toEqual({ eventId });
    expect((await removed).snapshotId).toBe(snapshot.id);
    const notice = await ceoNotice;
    expect(notice).toMatchObject({
      userId: ceo.id,
      isRead: false,
      link: expect.stringContaining('/live'),
      refs: { eventId, snapshotId: snapshot.id, requesterId: shown.id },
    });
    expect(notice.body).toContain(shown.name);
    expect((await doorNotice).userId).toBe(door.id);
    expect(await otherHears).toBe(false);

    // Stored for every moderator (every admin, the CEO, the door team) and nobody else.
    const admins = await t.app.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'admin')
      .execute();
    const stored = async () =>
      (
        await t.app.db
          .selectFrom('notifications')
          .select('user_id')
          .where('type', '=', 'snapshot_takedown')
          .where('refs', 'like', `%${snapshot.id}%`)
          .execute()
      )
        .map((r) => r.user_id)
        .sort();
    const expected = [...new Set([...admins.map((a) => a.user_id), ceo.id, door.id])].sort();
    expect(expected).toContain(admin.id);
    expect(await stored()).toEqual(expected);
    const inbox = await call('GET', '/api/notifications', ceo.cookie);
    expect(inbox.json().items.some(isTakedown)).toBe(true);

    // The same person asking again does not notify anyone twice.
    expect(
      (await call('POST', `/api/wall/snapshots/${snapshot.id}/takedown`, shown.cookie, {})).statusCode,
    ).toBe(404);
    expect(await stored()).toEqual(expected);
  });

  it('pages the wall newest first with a cursor', async () => {
    const { eventId } = await wallEvent(t.app);
    const fans = [await holder(t.app, eventId), await holder(t.app, eventId)];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const who = fans[i % 2]!;
      await pastInterval(t.app, eventId, who.id);
      ids.unshift((await posted(t.app, who, eventId)).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await call('GET', `/api/wall/events/${eventId}/snapshots?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json() as { items: Snapshot[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const bad = await call('GET', `/api/wall/events/${eventId}/snapshots?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('cursor');
  });
});
