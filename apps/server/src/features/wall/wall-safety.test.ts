// Privacy and safety: attendees-only galleries behind short-lived signed links (expired, tampered and
// copied links fail), public ones cacheable; pre- and post-moderation with the moderators' queue and club scope;
// reports (3 different people hide it, also when they report at once); takedown requests; the author's delete
// removing the files; blocked people not seeing each other's snapshots.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot, WallQueueItem } from '@nocturna/shared';
import { resolveAuthSecret } from '../../auth/secret.ts';
import { mediaSigningKey, signature } from './media-links.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller } from '../../../test/people-helpers.ts';
import { holder, person, posted, staff, wallEvent, type Person } from '../../../test/wall-fixture.ts';

describe.each(DIALECTS)('wall privacy and safety on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const wall = async (eventId: string, who?: Person) =>
    (await call('GET', `/api/wall/events/${eventId}/snapshots`, who?.cookie)).json() as { items: Snapshot[] };
  const wallIds = async (eventId: string, who?: Person) => (await wall(eventId, who)).items.map((s) => s.id);
  const image = (url: string, who?: Person) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const queue = async (eventId: string, who: Person) =>
    (await call('GET', `/api/wall/events/${eventId}/queue`, who.cookie)).json() as { items: WallQueueItem[] };
  const decide = (snapshotId: string, who: Person, decision: 'approve' | 'reject') =>
    call('POST', `/api/wall/snapshots/${snapshotId}/decision`, who.cookie, { decision });
  const report = (snapshotId: string, who: Person) =>
    call('POST', `/api/wall/snapshots/${snapshotId}/reports`, who.cookie, { reason: 'inappropriate' });
  const stored = (snapshot: Snapshot) => {
    const dir = path.join(t.config.dataDir, 'uploads', 'wall');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(snapshot.id)) : [];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  it('shows an attendees-only gallery to holders and staff only, through signed links', async () => {
    const { clubId, eventId } = await wallEvent(t.app, { gallery: 'attendees' });
    const fan = await holder(t.app, eventId);
    const other = await holder(t.app, eventId);
    const door = await staff(t.app, clubId, 'door');
    const outsider = await person(t.app);
    const snapshot = await posted(t.app, fan, eventId);

    const anonymous = await call('GET', `/api/wall/events/${eventId}/snapshots`);
    expect(anonymous.statusCode).toBe(401);
    const refused = await call('GET', `/api/wall/events/${eventId}/snapshots`, outsider.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('WALL_ATTENDEES_ONLY');
    expect(await wallIds(eventId, other)).toEqual([snapshot.id]);
    expect(await wallIds(eventId, door)).toEqual([snapshot.id]);

    const [seen] = (await wall(eventId, other)).items;
    for (const url of [seen!.front.thumb, seen!.front.full, seen!.back.thumb, seen!.back.full]) {
      expect(url).toMatch(/^\/media\/wall\/[\w-]+\.webp\?exp=\d+&sig=[\w-]+$/);
      const ok = await image(url, other);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('image/webp');
      expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    // The same link copied to someone else, or opened without a session, fails.
    expect((await image(seen!.front.full, outsider)).statusCode).toBe(403);
    expect((await image(seen!.front.full)).statusCode).toBe(401);
    // Without its signature, with another file's signature, or tampered.
    const bare = seen!.front.full.split('?')[0]!;
    expect((await image(bare, other)).json().error.code).toBe('LINK_INVALID');
    const otherSig = seen!.back.full.split('?')[1]!;
    expect((await image(`${bare}?${otherSig}`, other)).json().error.code).toBe('LINK_INVALID');
    // Tampered: the signature's first character changed (to one it is not, so the link really differs).
    const tampered = seen!.front.full.replace(
      /sig=(.)/,
      (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(seen!.front.full);
    expect((await image(tampered, other)).statusCode).toBe(403);
    // Expired: a correctly signed link whose time is up.
    const name = bare.split('/').pop()!;
    const past = Math.floor(Date.now() / 1000) - 60;
    const key = mediaSigningKey(resolveAuthSecret(t.config));
    const expired = await image(`${bare}?exp=${past}&sig=${signature(key, name, past)}`, other);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'Este enlace a la foto ha caducado.',
    });
  });

  it('serves a public gallery to anyone with plain, cacheable addresses', async () => {
    const { eventId } = await wallEvent(t.app, { gallery: 'public' });
    const fan = await holder(t.app, eventId);
    const snapshot = await posted(t.app, fan, eventId);
    const [seen] = (await wall(eventId)).items;
    expect(seen!.id).toBe(snapshot.id);
    expect(seen!.front.full).toMatch(/^\/media\/wall\/[\w-]+-front-full\.webp$/);
    const response = await image(seen!.back.thumb);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
  });

  it('holds snapshots of a pre-moderated wall until a moderator of that club approves them', async () => {
    const { clubId, eventId } = await wallEvent(t.app, { moderation: 'pre' });
    const fan = await holder(t.app, eventId);
    const viewer = await holder(t.app, eventId);
    const ceo = await staff(t.app, clubId, 'owner');
    const door = await staff(t.app, clubId, 'door');
    const admin = await person(t.app, 'admin');
    const strangerCeo = await staff(t.app, (await wallEvent(t.app)).clubId, 'owner');

    const snapshot = await posted(t.app, fan, eventId);
    expect(snapshot.status).toBe('pending');
    expect(await wallIds(eventId, viewer)).toEqual([]);
    expect(await wallIds(eventId)).toEqual([]);
    // The author sees theirs, as pending.
    expect((await wall(eventId, fan)).items.map((s) => [s.id, s.status])).toEqual([[snapshot.id, 'pending']]);
    // Its photos are not open to the public yet, even in a public gallery.
    expect((await image(snapshot.front.full.split('?')[0]!)).statusCode).toBe(403);
    expect((await image(snapshot.front.full, fan)).statusCode).toBe(200);

    for (const moderator of [ceo, door, admin])
      expect((await queue(eventId, moderator)).items.map((i) => i.id)).toEqual([snapshot.id]);
    for (const notModerator of [viewer, strangerCeo]) {
      const refused = await call('GET', `/api/wall/events/${eventId}/queue`, notModerator.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NOT_WALL_MODERATOR');
      expect((await decide(snapshot.id, notModerator, 'approve')).statusCode).toBe(403);
    }

    expect((await decide(snapshot.id, door, 'approve')).json()).toEqual({ status: 'approved' });
    expect(await wallIds(eventId, viewer)).toEqual([snapshot.id]);
    expect(await wallIds(eventId)).toEqual([snapshot.id]);
    expect((await queue(eventId, ceo)).items).toEqual([]);
  });

  it('shows a post-moderated snapshot at once; a moderator removes it with its files', async () => {
    const { clubId, eventId } = await wallEvent(t.app, { moderation: 'post' });
    const fan = await holder(t.app, eventId);
    const ceo = await staff(t.app, clubId, 'owner');
    const snapshot = await posted(t.app, fan, eventId);
    expect(await wallIds(eventId)).toEqual([snapshot.id]);
    expect(stored(snapshot)).toHaveLength(4);
    expect((await decide(snapshot.id, ceo, 'reject')).json()).toEqual({ status: 'rejected' });
    expect(await wallIds(eventId)).toEqual([]);
    expect(await wallIds(eventId, fan)).toEqual([]);
    expect(stored(snapshot)).toEqual([]);
    expect((await image(snapshot.front.full, fan)).statusCode).toBe(404);
    expect((await decide(snapshot.id, ceo, 'approve')).statusCode).toBe(404);
  });

  it('hides a snapshot once 3 different people report it, until a moderator decides', async () => {
    const { clubId, eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const ceo = await staff(t.app, clubId, 'owner');
    const snapshot = await posted(t.app, fan, eventId);
    const [a, b, c] = [await person(t.app), await person(t.app), await person(t.app)];

    expect((await report(snapshot.id, fan)).statusCode).toBe(400);
    expect((await report(snapshot.id, a)).json()).toEqual({ hidden: false, reportsToHide: 3 });
    const twice = await report(snapshot.id, a);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_REPORTED');
    expect((await report(snapshot.id, b)).json().hidden).toBe(false);
    expect(await wallIds(eventId)).toEqual([snapshot.id]);
    expect((await report(snapshot.id, c)).json().hidden).toBe(true);
    expect(await wallIds(eventId)).toEqual([]);
    expect((await wall(eventId, fan)).items[0]!.hidden).toBe('reports');
    const [item] = (await queue(eventId, ceo)).items;
    expect(item).toMatchObject({ id: snapshot.id, hidden: 'reports', reports: 3 });

    expect((await decide(snapshot.id, ceo, 'approve')).statusCode).toBe(200);
    expect(await wallIds(eventId)).toEqual([snapshot.id]);
  });

  it('hides it when three people report at the same moment', async () => {
    const { eventId } = await wallEvent(t.app);
    const snapshot = await posted(t.app, await holder(t.app, eventId), eventId);
    const reporters = [await person(t.app), await person(t.app), await person(t.app)];
    const answers = await Promise.all(reporters.map((r) => report(snapshot.id, r)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.json().hidden)).toHaveLength(1);
    expect(await wallIds(eventId)).toEqual([]);
    const row = await t.app.db
      .selectFrom('snapshots')
      .select(['report_count', 'hidden_reason'])
      .where('id', '=', snapshot.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ report_count: 3, hidden_reason: 'reports' });
  });

  it('hides a photo at once when someone asks for its takedown, and brings the request to the moderators', async () => {
    const { clubId, eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const shown = await person(t.app);
    const ceo = await staff(t.app, clubId, 'owner');
    const snapshot = await posted(t.app, fan, eventId);
    expect(
      (await call('POST', `/api/wall/snapshots/${snapshot.id}/takedown`, undefined, {})).statusCode,
    ).toBe(401);
    const asked = await call('POST', `/api/wall/snapshots/${snapshot.id}/takedown`, shown.cookie, {
      note: 'Salgo yo y no quiero que se publique.',
    });
    expect(asked.statusCode).toBe(201);
    expect(await wallIds(eventId)).toEqual([]);
    expect((await image(snapshot.front.full.split('?')[0]!)).statusCode).toBe(403);
    const [item] = (await queue(eventId, ceo)).items;
    expect(item).toMatchObject({ id: snapshot.id, hidden: 'takedown' });
    expect(item!.takedowns).toEqual([
      expect.objectContaining({
        note: 'Salgo yo y no quiero que se publique.',
        requester: expect.objectContaining({ id: shown.id }),
      }),
    ]);
    expect((await decide(snapshot.id, ceo, 'reject')).statusCode).toBe(200);
    expect(stored(snapshot)).toEqual([]);
  });

  it('lets only the author delete a snapshot, and its files leave storage', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const other = await holder(t.app, eventId);
    const snapshot = await posted(t.app, fan, eventId);
    await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, other.cookie);
    const refused = await call('DELETE', `/api/wall/snapshots/${snapshot.id}`, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOT_SNAPSHOT_AUTHOR');
    expect(stored(snapshot)).toHaveLength(4);
    expect((await call('DELETE', `/api/wall/snapshots/${snapshot.id}`, fan.cookie)).statusCode).toBe(204);
    expect(stored(snapshot)).toEqual([]);
    expect(await wallIds(eventId)).toEqual([]);
    const reactions = await t.app.db
      .selectFrom('wall_reactions')
      .select('user_id')
      .where('snapshot_id', '=', snapshot.id)
      .execute();
    expect(reactions).toEqual([]);
    expect((await call('DELETE', `/api/wall/snapshots/${snapshot.id}`, fan.cookie)).statusCode).toBe(404);
  });

  it("keeps people who blocked each other out of each other's snapshots", async () => {
    const { eventId } = await wallEvent(t.app, { gallery: 'attendees' });
    const fan = await holder(t.app, eventId);
    const blocker = await holder(t.app, eventId);
    const bystander = await holder(t.app, eventId);
    const snapshot = await posted(t.app, fan, eventId);
    const theirs = await posted(t.app, blocker, eventId);
    expect((await call('PUT', `/api/blocks/${fan.id}`, blocker.cookie)).statusCode).toBeLessThan(300);

    expect(await wallIds(eventId, blocker)).toEqual([theirs.id]);
    expect(await wallIds(eventId, fan)).toEqual([snapshot.id]);
    expect((await wallIds(eventId, bystander)).sort()).toEqual([snapshot.id, theirs.id].sort());
    // Not through a link either, nor by reacting or reporting.
    const [seen] = (await wall(eventId, bystander)).items.filter((s) => s.id === snapshot.id);
    expect((await image(seen!.front.full, blocker)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/wall/snapshots/${snapshot.id}/reactions/fire`, blocker.cookie)).statusCode,
    ).toBe(404);
    expect((await report(snapshot.id, blocker)).statusCode).toBe(404);
  });
});
