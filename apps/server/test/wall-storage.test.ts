// Issue 16, storage: a snapshot's four files go to the S3 bucket when S3_* is set (a real S3 server, s3rver,
// started here), are served from it, and leave it when the author deletes the snapshot; the demo seed's three
// snapshots get real photos on the demo event's wall.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '@nocturna/shared';
import { loadConfig, type Config } from '../src/config.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { fileStorageFor } from '../src/storage/file-storage.ts';
import { DIALECTS, createTestApp, type TestApp } from './test-app.ts';
import { caller } from './people-helpers.ts';
import { holder, posted, wallEvent } from './wall-fixture.ts';

type S3rver = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;

const BUCKET = 'nocturna-wall';
const rendererFile = `${loadConfig({}).webDist}-ssr/entry-server.js`;
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
let server: S3rver;
let serverDir: string;
let endpoint: string;
let direct: S3Client;

async function inBucket(key: string): Promise<Buffer | null> {
  try {
    const object = await direct.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}

const variants = ['front-thumb', 'front-full', 'back-thumb', 'back-full'];

beforeAll(async () => {
  serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-wall-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  direct = new S3Client({
    endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: KEYS.S3_ACCESS_KEY_ID, secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY },
  });
});

afterAll(async () => {
  direct?.destroy();
  await server?.close();
  fs.rmSync(serverDir, { recursive: true, force: true });
});

describe.each(DIALECTS)('wall storage in S3 on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    const s3: Config['s3'] = loadConfig({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, ...KEYS }).s3;
    t = await createTestApp(dialect, { s3 });
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
    expect(page.items.map((s) => s.id).sort()).toEqual([
      'demo-snapshot-1',
      'demo-snapshot-2',
      'demo-snapshot-3',
    ]);
    for (const snapshot of page.items) {
      expect(snapshot.author.name).toBeTruthy();
      for (const url of [snapshot.front.full, snapshot.back.thumb]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const meta = await sharp(response.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBeGreaterThan(300);
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
