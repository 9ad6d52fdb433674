import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signUp } from '../../../test/auth-helpers.ts';
import { caller } from '../../../test/people-helpers.ts';

// A real 96x64 HEIC (HEVC) with EXIF GPS, written by fixtures/make-heic.py through the system's libheif.
const HEIC = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/gps.heic'));

// The GPS IFD pointer (tag 0x8825) in a little-endian EXIF block: where a photo says where it was taken.
const GPS_TAG = Buffer.from([0x25, 0x88]);
const MADRID = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '40/1 25/1 0/1',
  GPSLongitudeRef: 'W',
  GPSLongitude: '3/1 42/1 0/1',
};

async function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b0125b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Nocturna', Model: 'Cámara de pruebas' }, IFD3: MADRID })
    .toBuffer();
}

function multipart(
  file: Buffer,
  options: { filename?: string; type?: string; field?: string; extra?: string } = {},
) {
  const boundary = `----nocturna${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'foto.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const extra = options.extra
    ? Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${options.extra}`,
      )
    : Buffer.alloc(0);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, extra, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(DIALECTS)('avatar upload on %s', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
  });
  afterAll(async () => t.close());

  const upload = (
    cookie: string | undefined,
    file: Buffer,
    options: Parameters<typeof multipart>[1] = {},
  ) => {
    const { payload, contentType } = multipart(file, options);
    return t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };
  const stored = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { response, body: response.rawPayload };
  };

  it('stores a JPEG carrying GPS as a 512 px WebP with no EXIF, XMP or GPS, serves it, and shows it everywhere', async () => {
    const me = await signUp(t.app);
    const original = await jpegWithGps();
    // The upload really carries a position.
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif?.includes(GPS_TAG)).toBe(true);

    const response = await upload(me.cookie, original);
    expect(response.statusCode, response.body).toBe(200);
    const { avatarUrl } = response.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);

    const { response: served, body } = await stored(avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(body.includes(Buffer.from('Exif'))).toBe(false);
    expect(body.includes(Buffer.from('Nocturna'))).toBe(false);
    // The file on disk is the file served.
    const onDisk = fs.readFileSync(path.join(t.config.dataDir, 'uploads', avatarUrl.replace('/media/', '')));
    expect(onDisk.equals(body)).toBe(true);

    expect((await call('GET', '/api/me/profile', me.cookie)).json().avatarUrl).toBe(avatarUrl);
    expect((await call('GET', `/api/users/${me.id}/profile`)).json().avatarUrl).toBe(avatarUrl);
    const user = await t.app.db
      .selectFrom('users')
      .select('image')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(user.image).toBe(avatarUrl);
  });

  it('turns a photo taken sideways upright (EXIF orientation) before cropping', async () => {
    const me = await signUp(t.app);
    // 200x100 stored, orientation 6: a camera held upright saw it as 100x200, red on top, blue below.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: '#ff0000' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { avatarUrl } = (await upload(me.cookie, sideways)).json() as { avatarUrl: string };
    const { body } = await stored(avatarUrl);
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(
        data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      );
    // After rotating 90° clockwise the red half (left) is on top, across the whole width.
    for (const x of [20, 490]) {
      expect(pixel(x, 20)[0], `top at ${x}`).toBeGreaterThan(200);
      expect(pixel(x, 490)[2], `bottom at ${x}`).toBeGreaterThan(200);
    }
  });

  it('takes PNG, WebP and HEIC (with its GPS gone too), whatever the browser called the file', async () => {
    const me = await signUp(t.app);
    const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#22d3ee' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#a855f7' } })
      .webp()
      .toBuffer();
    expect((await sharp(HEIC).metadata()).exif?.includes(GPS_TAG)).toBe(true);
    for (const [file, type] of [
      [png, 'image/png'],
      [webp, 'application/octet-stream'],
      [HEIC, 'image/heic'],
    ] as const) {
      const response = await upload(me.cookie, file, { type, filename: 'foto' });
      expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
      const { body } = await stored(response.json().avatarUrl);
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('replaces the previous photo (its file is deleted) and removes the avatar on request', async () => {
    const me = await signUp(t.app);
    const first = (await upload(me.cookie, await jpegWithGps(600, 600))).json().avatarUrl as string;
    const second = (await upload(me.cookie, await jpegWithGps(700, 500))).json().avatarUrl as string;
    expect(second).not.toBe(first);
    expect((await stored(first)).response.statusCode).toBe(404);
    expect((await stored(second)).response.statusCode).toBe(200);
    const removed = await call('DELETE', '/api/me/avatar', me.cookie);
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect((await stored(second)).response.statusCode).toBe(404);
    expect((await call('GET', '/api/me/profile', me.cookie)).json().avatarUrl).toBeNull();
  });

  it('refuses what is not a photo we take, too large, missing or unsigned, and keeps the old avatar', async () => {
    const me = await signUp(t.app);
    const keep = (await upload(me.cookie, await jpegWithGps(300, 300))).json().avatarUrl as string;
    const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, () => Math.floor(Math.random() * 256)));
    const truncated = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const cases: [Buffer, Parameters<typeof multipart>[1], number, string][] = [
      [gif, { type: 'image/gif', filename: 'a.gif' }, 415, 'UNSUPPORTED_IMAGE'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        { type: 'image/svg+xml' },
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [Buffer.from('esto no es una foto'), { type: 'image/jpeg' }, 415, 'UNSUPPORTED_IMAGE'],
      [
        truncated.subarray(0, Math.floor(truncated.length * 0.6)),
        { type: 'image/jpeg' },
        400,
        'INVALID_IMAGE',
      ],
      [Buffer.alloc(0), {}, 400, 'VALIDATION_ERROR'],
      [await jpegWithGps(100, 100), { field: 'photo' }, 400, 'VALIDATION_ERROR'],
      [await jpegWithGps(100, 100), { extra: 'second file' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [file, options, status, code] of cases) {
      const response = await upload(me.cookie, file, options);
      expect(response.statusCode, `${JSON.stringify(options)} ${response.body}`).toBe(status);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.message).toMatch(/[a-záéíóú]/);
    }
    // Over 10 MB: random bytes behind a JPEG header do not compress away.
    const big = Buffer.concat([
      await jpegWithGps(50, 50),
      Buffer.from(Array.from({ length: 10 * 1024 * 1024 + 10 }, () => Math.floor(Math.random() * 256))),
    ]);
    const tooLarge = await upload(me.cookie, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'AVATAR_TOO_LARGE',
      message: 'La foto no puede pasar de 10 MB.',
    });

    const json = await call('POST', '/api/me/avatar', me.cookie, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload(undefined, await jpegWithGps(100, 100))).statusCode).toBe(401);
    expect((await call('GET', '/api/me/profile', me.cookie)).json().avatarUrl).toBe(keep);
    expect((await stored(keep)).response.statusCode).toBe(200);
    // Nothing outside the avatars folder can be asked for.
    expect((await stored('/media/avatars/..%2F..%2Fnocturna.db')).response.statusCode).toBe(404);
  });

  it('limits one person to 10 uploads in 10 minutes (429 with Retry-After); others are not affected', async () => {
    const busy = await signUp(t.app);
    const other = await signUp(t.app);
    const small = await jpegWithGps(64, 64);
    for (let i = 0; i < 10; i++) expect((await upload(busy.cookie, small)).statusCode).toBe(200);
    const refused = await upload(busy.cookie, small);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_UPLOADS');
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(other.cookie, small)).statusCode).toBe(200);
  });
});
