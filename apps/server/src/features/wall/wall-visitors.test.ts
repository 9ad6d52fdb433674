// A public wall live for visitors: a socket without a session, opened as a visitor, may watch a public
// wall and hears its new snapshots, reactions and removals; it may not watch an attendees-only wall or a draft,
// stops hearing a wall the moment it becomes attendees-only, and may send no other event. Across two server
// processes sharing PostgreSQL and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DOOR_SOCKET_EVENTS, WALL_SOCKET_EVENTS, type Snapshot } from '@nocturna/shared';
import { DIALECTS, createTestApp, testSchema, type TestApp } from '../../../test/test-app.ts';
import { caller } from '../../../test/people-helpers.ts';
import { connect, connected, connectVisitor, listen, nextEvent } from '../../../test/realtime-helpers.ts';
import {
  holder,
  multipart,
  pastInterval,
  photos,
  posted,
  staff,
  wallEvent,
} from '../../../test/wall-fixture.ts';
import { startCluster, type Cluster } from '../../../test/ops-cluster.ts';

type WatchAnswer = { ok: boolean; code?: string; eventId?: string; moderator?: boolean };

const watch = (socket: Socket, eventId: string) =>
  new Promise<WatchAnswer>((resolve) => socket.emit(WALL_SOCKET_EVENTS.watch, eventId, resolve));

// Resolves true if the event arrives within the time, false otherwise.
const arrives = (socket: Socket, event: string, ms = 800) =>
  nextEvent(socket, event, () => true, ms).then(
    () => true,
    () => false,
  );

// Resolves with the acknowledgement, or 'no answer' when the server ignored the event.
const acked = (socket: Socket, event: string, payload: unknown, ms = 800) =>
  Promise.race([
    new Promise<unknown>((resolve) => socket.emit(event, payload, resolve)),
    new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), ms)),
  ]);

describe.each(DIALECTS)('a public wall live for visitors on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let call: ReturnType<typeof caller>;
  const sockets: Socket[] = [];
  const visitor = async () => {
    const socket = await connected(connectVisitor(url));
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t.app);
    call = caller(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('brings new snapshots, reaction counts and removals of a public wall to a visitor', async () => {
    const { eventId } = await wallEvent(t.app, { gallery: 'public' });
    const fan = await holder(t.app, eventId);
    const friend = await holder(t.app, eventId);
    const socket = await visitor();
    expect(await watch(socket, eventId)).toEqual({ ok: true, eventId, moderator: false });

    const seen = nextEvent<Snapshot>(socket, WALL_SOCKET_EVENTS.snapshot);
    const snapshot = await posted(t.app, fan, eventId, 'para todos');
    const live = await seen;
    expect(live).toMatchObject({
      id: snapshot.id,
      eventId,
      caption: 'para todos',
      status: 'approved',
      mine: [],
    });
    // A public gallery's images are plain, cacheable URLs, the same a visitor's page loads.
    expect(live.front.full).not.toMatch(/sig=/);
    expect(live.author.id).toBe(fan.id);

    const counted = nextEvent<{ snapshotId: string; reactions: Record<string, number> }>(
      socket,
      WALL_SOCKET_EVENTS.reactions,
    );
    await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, friend.cookie);
    expect(await counted).toMatchObject({ snapshotId: snapshot.id, reactions: { fire: 1 } });

    const removed = nextEvent<{ snapshotId: string }>(socket, WALL_SOCKET_EVENTS.removed);
    await call('DELETE', `/api/wall/snapshots/${snapshot.id}`, fan.cookie);
    expect((await removed).snapshotId).toBe(snapshot.id);
  });

  it('keeps an attendees-only wall and a draft closed to visitors: refused, and nothing posted there arrives', async () => {
    const closed = await wallEvent(t.app, { gallery: 'attendees' });
    const draft = await wallEvent(t.app, { gallery: 'public', status: 'draft' });
    const fan = await holder(t.app, closed.eventId);
    const socket = await visitor();
    expect(await watch(socket, closed.eventId)).toEqual({ ok: false, code: 'WALL_ATTENDEES_ONLY' });
    expect(await watch(socket, draft.eventId)).toEqual({ ok: false, code: 'EVENT_NOT_FOUND' });

    // A signed-in attendee on the same wall hears the post: the broadcast did happen.
    const attendee = await holder(t.app, closed.eventId);
    const attendeeSocket = await connected(connect(url, attendee.cookie));
    sockets.push(attendeeSocket);
    expect((await watch(attendeeSocket, closed.eventId)).ok).toBe(true);
    const heardByAttendee = nextEvent<Snapshot>(attendeeSocket, WALL_SOCKET_EVENTS.snapshot);
    const heardByVisitor = arrives(socket, WALL_SOCKET_EVENTS.snapshot, 1000);
    const snapshot = await posted(t.app, fan, closed.eventId);
    expect((await heardByAttendee).id).toBe(snapshot.id);
    expect(await heardByVisitor).toBe(false);
  });

  it('stops reaching visitors already watching once the wall becomes attendees-only', async () => {
    const { eventId } = await wallEvent(t.app, { gallery: 'public' });
    const fan = await holder(t.app, eventId);
    const socket = await visitor();
    expect((await watch(socket, eventId)).ok).toBe(true);
    const first = nextEvent<Snapshot>(socket, WALL_SOCKET_EVENTS.snapshot);
    await posted(t.app, fan, eventId);
    await first;

    await t.app.db
      .updateTable('events')
      .set({ gallery_privacy: 'attendees' })
      .where('id', '=', eventId)
      .execute();
    await pastInterval(t.app, eventId, fan.id);
    const after = arrives(socket, WALL_SOCKET_EVENTS.snapshot, 1000);
    await posted(t.app, fan, eventId);
    expect(await after).toBe(false);
    expect(await watch(socket, eventId)).toEqual({ ok: false, code: 'WALL_ATTENDEES_ONLY' });
  });

  it('lets a visitor send no other event, and still refuses a socket without a session that did not ask to be a visitor', async () => {
    const { clubId, eventId } = await wallEvent(t.app, { gallery: 'public' });
    const socket = await visitor();
    expect(await acked(socket, DOOR_SOCKET_EVENTS.watch, eventId)).toBe('no answer');
    // The same event from a signed-in socket is answered (refused): the door handler is there, just not for visitors.
    const owner = await staff(t.app, clubId, 'owner');
    const signedIn = await connected(connect(url, owner.cookie));
    sockets.push(signedIn);
    expect(await acked(signedIn, DOOR_SOCKET_EVENTS.watch, eventId)).toMatchObject({ ok: true });
    expect(socket.connected).toBe(true);

    await expect(connected(connect(url))).rejects.toThrow('UNAUTHENTICATED');
  });
});

const DB_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const CLUSTER = DB_URL && REDIS_URL ? [{ db: DB_URL, redis: REDIS_URL }] : [];

describe.each(CLUSTER)(
  'a public wall live for visitors across two servers sharing Redis',
  ({ db, redis }) => {
    let cluster: Cluster;
    const sockets: Socket[] = [];
    const originOf = (base: string) => base.replace('127.0.0.1', 'localhost');

    beforeAll(async () => {
      cluster = await startCluster({
        databaseUrl: db,
        redisUrl: redis,
        schema: testSchema('wall_visitors'),
      });
    }, 150_000);
    afterAll(async () => {
      for (const s of sockets) s.close();
      await cluster?.close();
    }, 30_000);

    async function postOn(base: string, cookie: string, eventId: string): Promise<Snapshot> {
      const { front, back } = await photos();
      const form = multipart([
        { name: 'front', data: front, filename: 'front.jpg' },
        { name: 'back', data: back, filename: 'back.jpg' },
      ]);
      const response = await fetch(`${base}/api/wall/events/${eventId}/snapshots`, {
        method: 'POST',
        headers: { cookie, origin: originOf(base), 'content-type': form.contentType },
        body: form.payload,
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Snapshot;
    }

    it(
      'a snapshot posted on one server reaches a visitor watching the public wall on the other, not an attendees-only one',
      { timeout: 60_000 },
      async () => {
        const [one, two] = cluster.servers as [Cluster['servers'][0], Cluster['servers'][0]];
        const open = await wallEvent(cluster.app, { gallery: 'public' });
        const closed = await wallEvent(cluster.app, { gallery: 'attendees' });
        const fan = await holder(cluster.app, open.eventId);
        const closedFan = await holder(cluster.app, closed.eventId);

        const socket = await connected(connectVisitor(two.base, originOf(two.base)), 10_000);
        sockets.push(socket);
        expect((await watch(socket, open.eventId)).ok).toBe(true);
        expect(await watch(socket, closed.eventId)).toEqual({ ok: false, code: 'WALL_ATTENDEES_ONLY' });

        const seen = nextEvent<Snapshot>(socket, WALL_SOCKET_EVENTS.snapshot, () => true, 30_000);
        const snapshot = await postOn(one.base, fan.cookie, open.eventId);
        expect((await seen).id).toBe(snapshot.id);

        const closedHeard = arrives(socket, WALL_SOCKET_EVENTS.snapshot, 1500);
        await postOn(one.base, closedFan.cookie, closed.eventId);
        expect(await closedHeard).toBe(false);
      },
    );
  },
);
