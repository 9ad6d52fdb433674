// Uploads in S3-compatible storage, against a real S3 server started here (s3rver, an S3 API over a folder):
// the storage itself, the configuration that turns it on, and an avatar going through the app into the bucket.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { fileStorageFor, s3FileStorage, type FileStorage } from '../../src/storage/file-storage.ts';
import { TEST_ORIGIN, signUp } from '../auth-helpers.ts';
import { DIALECTS, createTestApp, type TestApp } from '../test-app.ts';
import { S3_KEYS, startS3StandIn, type S3StandIn } from '../s3-stand-in.ts';

const BUCKET = 'nocturna-uploads';
const KEYS = S3_KEYS;
let s3: S3StandIn;
// Reads the bucket directly, not through the code under test.
let direct: S3Client;
const s3Config = (env: Record<string, string> = {}): Config['s3'] => s3.config(env);
const objectInBucket = (key: string) => s3.object(key);

beforeAll(async () => {
  s3 = await startS3StandIn(BUCKET);
  ({ direct } = s3);
});
afterAll(async () => s3?.close());

describe('S3 file storage', () => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = fileStorageFor({ dataDir: os.tmpdir(), s3: s3Config() });
  });

  it('puts, reads back and removes binary data byte for byte, with the content type of its extension', async () => {
    // Every byte value, and random bytes: nothing is decoded as text on the way.
    const data = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      crypto.randomBytes(70_000),
    ]);
    const key = `avatars/${crypto.randomUUID()}.webp`;
    await storage.put(key, data);

    const read = await storage.read(key);
    expect(read?.equals(data)).toBe(true);
    expect((await objectInBucket(key))?.equals(data)).toBe(true);
    const head = await direct.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.ContentLength).toBe(data.length);

    const png = `logos/${crypto.randomUUID()}.png`;
    await storage.put(png, Buffer.from('png'));
    expect((await direct.send(new HeadObjectCommand({ Bucket: BUCKET, Key: png }))).ContentType).toBe(
      'image/png',
    );

    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    expect(await objectInBucket(key)).toBeNull();
    // Removing what is not there is not an error, as on disk.
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('reads a key that was never stored as null', async () => {
    expect(await storage.read(`avatars/${crypto.randomUUID()}.webp`)).toBeNull();
  });

  it('rejects a key the server would not make, before it reaches the bucket', async () => {
    for (const key of [
      '../secret.webp',
      'avatars/../../x.webp',
      '/avatars/a.webp',
      'avatars/a b.webp',
      'a.webp',
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.remove(key), key).rejects.toThrow(/invalid storage key/);
    }
  });

  it('surfaces a storage error (a bucket that does not exist) instead of answering "no such file"', async () => {
    const wrong = s3FileStorage({ ...s3Config(), bucket: 'no-such-bucket' });
    const key = `avatars/${crypto.randomUUID()}.webp`;
    await expect(wrong.put(key, Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(wrong.read(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('is the storage only when S3_BUCKET is set; the local disk otherwise', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-storage-'));
    try {
      const local = fileStorageFor({ dataDir, s3: loadConfig({}).s3 });
      await local.put('avatars/local.webp', Buffer.from('disk'));
      expect(fs.readFileSync(path.join(dataDir, 'uploads/avatars/local.webp'), 'utf8')).toBe('disk');
      expect(await objectInBucket('avatars/local.webp')).toBeNull();

      await fileStorageFor({ dataDir, s3: s3Config() }).put('avatars/remote.webp', Buffer.from('bucket'));
      expect((await objectInBucket('avatars/remote.webp'))?.toString()).toBe('bucket');
      expect(fs.existsSync(path.join(dataDir, 'uploads/avatars/remote.webp'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('S3 configuration', () => {
  const failure = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  };

  it('takes all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none', () => {
    expect(failure({})).toBeNull();
    expect(failure({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b', ...KEYS })).toBeNull();

    const bucketOnly = failure({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b' });
    expect(bucketOnly).toMatch(/^Configuración no válida/);
    expect(bucketOnly).toMatch(/S3_ACCESS_KEY_ID: falta/);
    expect(bucketOnly).toMatch(/S3_SECRET_ACCESS_KEY: falta/);
    expect(bucketOnly).not.toMatch(/S3_BUCKET: falta/);

    const keysOnly = failure({ S3_ENDPOINT: 'http://minio:9000', ...KEYS });
    expect(keysOnly).toMatch(/S3_BUCKET: falta/);
    expect(failure({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k' })).toMatch(
      /S3_SECRET_ACCESS_KEY: falta/,
    );
  });

  it('needs the region of an AWS bucket (no S3_ENDPOINT)', () => {
    expect(failure({ S3_BUCKET: 'b', ...KEYS })).toMatch(/S3_REGION: sin S3_ENDPOINT/);
    expect(failure({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1', ...KEYS })).toBeNull();
    // R2 and MinIO take any region name, 'auto' included.
    expect(
      failure({ S3_ENDPOINT: 'https://x.r2.cloudflarestorage.com', S3_BUCKET: 'b', ...KEYS }),
    ).toBeNull();
  });
});

describe.each(DIALECTS)('avatars in S3 through the app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { s3: s3Config() });
  });
  afterAll(async () => t?.close());

  const upload = (cookie: string, file: Buffer) => {
    const boundary = `----nocturna${Date.now()}`;
    return t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };
  const photo = (background: string) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const keyOf = (url: string) => url.replace(/^\/media\//, '');

  it('stores an uploaded avatar in the bucket, serves it from there, and removes it from there', async () => {
    const me = await signUp(t.app);
    const first = await upload(me.cookie, await photo('#b0125b'));
    expect(first.statusCode, first.body).toBe(200);
    const { avatarUrl } = first.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);

    const inBucket = await objectInBucket(keyOf(avatarUrl));
    expect(inBucket).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(inBucket!)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512 });
    // Nothing went to this server's disk.
    const uploads = path.join(t.config.dataDir, 'uploads');
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }) : []).toEqual([]);

    // A new photo replaces the old one in the bucket, and the old URL stops working.
    const second = await upload(me.cookie, await photo('#1d4ed8'));
    const next = (second.json() as { avatarUrl: string }).avatarUrl;
    expect(next).not.toBe(avatarUrl);
    expect(await objectInBucket(keyOf(avatarUrl))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    expect(await objectInBucket(keyOf(next))).not.toBeNull();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/avatar',
      headers: { origin: TEST_ORIGIN, cookie: me.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await objectInBucket(keyOf(next))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }) : []).toEqual([]);
  });
});
