// Storage: a snapshot's four files go to the S3 bucket when S3_* is set (a real S3 server, s3rver,
// started here), are served from it, and leave it when the author deletes the snapshot; the demo seed's three
// snapshots get real photos on the demo event's wall.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '@nocturna/shared';
import { loadConfig } from '../../config.ts';
import { seedDemo } from '../../seed/demo.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller } from '../../../test/people-helpers.ts';
import { holder, posted, wallEvent } from '../../../test/wall-fixture.ts';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.ts';

const rendererFile = `${loadConfig({}).webDist}-ssr/entry-server.js`;
let s3: S3StandIn;
const inBucket = (key: string) => s3.object(key);

const variants = ['front-thumb', 'front-full', 'back-thumb', 'back-full'];

beforeAll(async () => {
  s3 = await startS3StandIn('nocturna-wall');
});
afterAll(async () => s3?.close());

describe.each(DIALECTS)('wall storage in S3 on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { s3: s3.config() });
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  it('stores a snapshot in the bucket, serves it from there and removes it on delete', async () => {
    const { eventId } = await wallEvent(t.app, { gallery: 'attendees' });
    const fan = await holder(t.app, eventId);
    const snapshot = await posted(t.app, fan, eventId);
    for (const v of variants) {
      const object = await inBucket(`wall/${snapshot.id}-${v}.webp`);
      expect(object).not.toBeNull();
      const meta = await sharp(object!).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    // Nothing on the local disk.
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'wall'))).toBe(false);
    const served = await t.app.inject({
      method: 'GET',
      url: snapshot.back.full,
      headers: { cookie: fan.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals((await inBucket(`wall/${snapshot.id}-back-full.webp`))!)).toBe(true);

    expect((await call('DELETE', `/api/wall/snapshots/${snapshot.id}`, fan.cookie)).statusCode).toBe(204);
    for (const v of variants) expect(await inBucket(`wall/${snapshot.id}-${v}.webp`)).toBeNull();
  });

  it("puts the demo seed's three snapshots with real photos on the demo event's public wall", async () => {
    expect(await seedDemo(t.app.db, fileStorageFor(t.config))).toEqual({ success: true });
    const page = (await call('GET', '/api/wall/events/demo-event-1/snapshots')).json() as {
      items: Snapshot[];
    };
    const lucia = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@demo.nocturna.es')
      .executeTakeFirstOrThrow();
    // Newest first: the last one posted (an hour after the second) leads.
    expect(page.items.map((s) => [s.id, s.caption])).toEqual([
      ['demo-snapshot-3', 'Última canción y a casa'],
      ['demo-snapshot-2', 'Esta cabina 🔥'],
      ['demo-snapshot-1', '¡Arrancamos!'],
    ]);
    for (const snapshot of page.items) {
      expect(snapshot).toMatchObject({
        eventId: 'demo-event-1',
        author: { id: lucia.id, name: 'Lucía Martín', username: 'lucia' },
        status: 'approved',
        hidden: null,
        mine: [],
      });
      // A public gallery: plain URLs of the stored files, no signature.
      expect(snapshot.front.full).toBe(`/media/wall/${snapshot.id}-front-full.webp`);
      expect(snapshot.back.thumb).toBe(`/media/wall/${snapshot.id}-back-thumb.webp`);
      // The drawn photos: a 720×960 portrait (front) made 1440 high, a 1440×1080 scene (back), thumbnails 480.
      for (const [url, width, height] of [
        [snapshot.front.full, 1080, 1440],
        [snapshot.back.thumb, 480, 360],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const meta = await sharp(response.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'webp',
          width,
          height,
        });
      }
    }
    // The public wall arrives drawn by the server, with its link preview.
    const html = await t.app.inject({ method: 'GET', url: '/evento/demo-event-1/live' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(
      '<meta property="og:title" content="Muro en directo · Aurora Opening Night · Nocturna">',
    );
    expect(html.body).toMatch(/<meta property="og:description" content="3 fotos de la noche en Sala Aurora/);
    expect(html.body).toMatch(
      /<meta property="og:image" content="[^"]+\/media\/events\/demo-event-1\/cover\.png">/,
    );
    if (fs.existsSync(rendererFile)) {
      expect(html.body).toContain('¡Arrancamos!');
      expect(html.body).toContain('/media/wall/demo-snapshot-1-back-thumb.webp');
    }
    const english = await t.app.inject({ method: 'GET', url: '/event/demo-event-1?lang=en' });
    expect(english.body).toContain(
      '<meta property="og:title" content="Live wall · Aurora Opening Night · Nocturna">',
    );

    // Running it again changes nothing.
    expect((await seedDemo(t.app.db)).success).toBe(true);
    expect(
      ((await call('GET', '/api/wall/events/demo-event-1/snapshots')).json() as { items: unknown[] }).items,
    ).toHaveLength(3);
  });
});
