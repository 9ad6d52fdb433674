// Posting: who may post and when, the limits (10 per person and event, one per 30 s, decided by the
// database) and the image pipeline (type by content, 10 MB, no EXIF/GPS, WebP thumbnail and full size).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot, WallInfo } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller } from '../../../test/people-helpers.ts';
import { holder, pastInterval, person, photos, post, posted, wallEvent } from '../../../test/wall-fixture.ts';

describe.each(DIALECTS)('wall posting on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  const uploads = () => path.join(t.config.dataDir, 'uploads', 'wall');
  const storedFiles = () => (fs.existsSync(uploads()) ? fs.readdirSync(uploads()) : []);
  const info = async (eventId: string, cookie?: string) =>
    (await call('GET', `/api/wall/events/${eventId}`, cookie)).json() as WallInfo;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  it('lets a ticket holder post during the night, and tells everyone else why not', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const outsider = await person(t.app);
    const cancelled = await holder(t.app, eventId, 'cancelled');

    expect((await post(t.app, null, eventId)).statusCode).toBe(401);
    for (const who of [outsider, cancelled]) {
      const refused = await post(t.app, who, eventId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'WALL_NO_TICKET',
        message: 'Solo pueden publicar quienes tienen entrada para este evento.',
      });
      expect((await info(eventId, who.cookie)).viewer).toMatchObject({ canPost: false, reason: 'no_ticket' });
    }
    expect((await info(eventId)).viewer).toMatchObject({
      signedIn: false,
      canPost: false,
      reason: 'sign_in',
    });

    expect((await info(eventId, fan.cookie)).viewer).toMatchObject({
      canPost: true,
      reason: null,
      remaining: 10,
    });
    const response = await post(t.app, fan, eventId, { caption: '  ¡Qué nochecita! ' });
    expect(response.statusCode).toBe(201);
    const snapshot = response.json() as Snapshot;
    expect(snapshot).toMatchObject({ caption: '¡Qué nochecita!', status: 'approved', inParty: false });
    expect(snapshot.author.id).toBe(fan.id);
    const wall = (await call('GET', `/api/wall/events/${eventId}/snapshots`)).json() as { items: Snapshot[] };
    expect(wall.items.map((s) => s.id)).toEqual([snapshot.id]);
    expect((await info(eventId, fan.cookie)).viewer).toMatchObject({ posted: 1, remaining: 9 });
  });

  it('marks the snapshots of someone let in at the door "En la fiesta"', async () => {
    const { eventId } = await wallEvent(t.app);
    const inside = await holder(t.app, eventId, 'used');
    expect((await info(eventId, inside.cookie)).viewer).toMatchObject({ canPost: true, inParty: true });
    expect((await posted(t.app, inside, eventId)).inParty).toBe(true);
  });

  it('opens when the doors open and closes 6 hours after the end', async () => {
    // Doors open 2 h before the start: an event starting in 3 h is not open yet.
    const early = await wallEvent(t.app, { startsInHours: 3 });
    const tooEarly = await holder(t.app, early.eventId);
    const refused = await post(t.app, tooEarly, early.eventId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('WALL_NOT_OPEN');
    expect(refused.json().error.message).toMatch(/^El muro abre cuando abren las puertas: el /);

    const doorsOpen = await wallEvent(t.app, { startsInHours: 1.5 });
    expect((await post(t.app, await holder(t.app, doorsOpen.eventId), doorsOpen.eventId)).statusCode).toBe(
      201,
    );

    // Ended 5 h ago: still open. Ended 7 h ago: closed.
    const afterParty = await wallEvent(t.app, { startsInHours: -11, hours: 6 });
    expect((await post(t.app, await holder(t.app, afterParty.eventId), afterParty.eventId)).statusCode).toBe(
      201,
    );
    const over = await wallEvent(t.app, { startsInHours: -13, hours: 6 });
    const late = await post(t.app, await holder(t.app, over.eventId), over.eventId);
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toMatchObject({
      code: 'WALL_CLOSED',
      message: 'El muro de este evento ya está cerrado: se podía publicar hasta 6 horas después del final.',
    });
  });

  it('allows one snapshot per 30 seconds, with Retry-After', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    await posted(t.app, fan, eventId);
    const again = await post(t.app, fan, eventId);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('WALL_TOO_SOON');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(25);
    await pastInterval(t.app, eventId, fan.id);
    expect((await post(t.app, fan, eventId)).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous posts through, and stores nothing for the other', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const before = storedFiles().length;
    const answers = await Promise.all([
      post(t.app, fan, eventId),
      post(t.app, fan, eventId),
      post(t.app, fan, eventId),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429, 429]);
    const rows = await t.app.db
      .selectFrom('snapshots')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(storedFiles().length - before).toBe(4);
  });

  it('stops at 10 snapshots per person and event', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    await posted(t.app, fan, eventId);
    // Eight more posts made earlier in the night.
    await t.app.db
      .updateTable('wall_posters')
      .set({ posted: 9 })
      .where('event_id', '=', eventId)
      .where('user_id', '=', fan.id)
      .execute();
    await pastInterval(t.app, eventId, fan.id);
    expect((await post(t.app, fan, eventId)).statusCode).toBe(201);
    await pastInterval(t.app, eventId, fan.id);
    const eleventh = await post(t.app, fan, eventId);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({
      code: 'WALL_LIMIT_REACHED',
      message: 'Ya has publicado 10 fotos en este evento, el máximo.',
    });
    expect((await info(eventId, fan.cookie)).viewer).toMatchObject({
      canPost: false,
      reason: 'limit_reached',
    });
  });

  it('stores both photos as WebP thumbnail and full size, without EXIF or GPS', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const original = await sharp((await photos()).front).metadata();
    expect(original.exif).toBeDefined();
    const snapshot = await posted(t.app, fan, eventId);
    const files = storedFiles().filter((f) => f.startsWith(snapshot.id));
    expect(files.sort()).toEqual(
      ['back-full', 'back-thumb', 'front-full', 'front-thumb'].map((v) => `${snapshot.id}-${v}.webp`),
    );
    for (const file of files) {
      const meta = await sharp(path.join(uploads(), file)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      const bytes = fs.readFileSync(path.join(uploads(), file));
      expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
      expect(bytes.includes(Buffer.from('Nocturna'))).toBe(false);
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(file.includes('thumb') ? 480 : 1440);
    }
  });

  it('tells how long the image pipeline took in a Server-Timing header', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const response = await post(t.app, fan, eventId);
    expect(response.statusCode).toBe(201);
    const header = String(response.headers['server-timing']);
    const match = /^images;dur=(\d+(?:\.\d+)?);desc="image pipeline"$/.exec(header);
    expect(match, header).not.toBeNull();
    // Two photos decoded, resized twice and encoded as WebP: real work, not a zero.
    expect(Number(match![1])).toBeGreaterThan(1);
  });

  it('refuses a broken, disguised or oversized photo with a clear error, storing nothing', async () => {
    const { eventId } = await wallEvent(t.app);
    const fan = await holder(t.app, eventId);
    const before = storedFiles().length;

    const disguised = await post(t.app, fan, eventId, { back: Buffer.from('<script>alert(1)</script>') });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error).toMatchObject({ code: 'UNSUPPORTED_IMAGE', field: 'back' });

    const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const truncated = await post(t.app, fan, eventId, { front: good.subarray(0, good.length / 2) });
    expect([400, 415]).toContain(truncated.statusCode);
    expect(truncated.json().error.field).toBe('front');

    const huge = await post(t.app, fan, eventId, {
      front: Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ code: 'IMAGE_TOO_LARGE', field: 'front' });

    const missing = await post(t.app, fan, eventId, { back: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('back');

    const long = await post(t.app, fan, eventId, { caption: 'x'.repeat(141) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      field: 'caption',
      message: 'El texto no puede pasar de 140 caracteres.',
    });

    expect(storedFiles().length).toBe(before);
    const rows = await t.app.db
      .selectFrom('snapshots')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows).toHaveLength(0);
    // None of the refusals used up a place or started the 30 s wait.
    expect((await post(t.app, fan, eventId)).statusCode).toBe(201);
  });
});
