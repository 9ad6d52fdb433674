// The DJ's own profile photo: uploaded from /dj/dashboard through the image pipeline (type by content,
// EXIF and GPS stripped, WebP) and the storage interface, shown on /dj/{slug}; their account avatar is not it.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DjProfile } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { caller, person, type Person } from '../../../test/door-fixture.ts';

const GPS_TAG = Buffer.from([0x25, 0x88]);

const photoWithGps = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Nocturna' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } })
    .toBuffer();

function form(file: Buffer, filename = 'foto.jpg') {
  const boundary = `----nocturna${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(DIALECTS)('DJ profile photo on %s', (dialect) => {
  let t: TestApp;
  let dj: Person;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = caller(t.app);
    dj = await person(t.app, 'dj');
  });
  afterAll(async () => t.close());

  const upload = (cookie: string, file: Buffer, filename?: string) => {
    const { payload, contentType } = form(file, filename);
    return t.app.inject({
      method: 'POST',
      url: '/api/dj/profile/photo',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
      payload,
    });
  };
  const slugOf = async () =>
    ((await call('GET', '/api/dj/dashboard', dj.cookie)).json() as { profile: DjProfile }).profile.slug;
  const djFiles = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'djs');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('keeps an uploaded photo as an 800 px WebP without EXIF or GPS, shown on the public page', async () => {
    const avatarBefore = await t.app.db
      .selectFrom('user_profiles')
      .select('avatar_url')
      .where('user_id', '=', dj.id)
      .executeTakeFirst();
    const res = await upload(dj.cookie, await photoWithGps(2400, 1600));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/media\/djs\/[0-9a-f-]{36}\.webp$/);

    const slug = await slugOf();
    const page = (await call('GET', `/api/djs/${slug}`)).json() as DjProfile;
    expect(page.photoUrl).toBe(url);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 800]);
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes(GPS_TAG)).toBe(false);

    // The account avatar is not the DJ photo: it did not change.
    const avatarAfter = await t.app.db
      .selectFrom('user_profiles')
      .select('avatar_url')
      .where('user_id', '=', dj.id)
      .executeTakeFirst();
    expect(avatarAfter?.avatar_url ?? null).toBe(avatarBefore?.avatar_url ?? null);
  });

  it('replaces the previous photo (the old file goes) and removes it on request', async () => {
    const first = (await upload(dj.cookie, await photoWithGps(900, 900))).json().url as string;
    expect(djFiles()).toEqual([first.split('/').pop()]);
    const second = (await upload(dj.cookie, await photoWithGps(1000, 1400))).json().url as string;
    expect(second).not.toBe(first);
    expect(djFiles()).toEqual([second.split('/').pop()]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const removed = await call('DELETE', '/api/dj/profile/photo', dj.cookie);
    expect(removed.statusCode).toBe(200);
    expect(djFiles()).toEqual([]);
    expect(((await call('GET', `/api/djs/${await slugOf()}`)).json() as DjProfile).photoUrl).toBeNull();
  });

  it('refuses what is not a photo, and anyone who is not a DJ, changing nothing', async () => {
    const kept = (await upload(dj.cookie, await photoWithGps(600, 600))).json().url as string;
    const text = await upload(dj.cookie, Buffer.from('no soy una foto'), 'foto.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({
      field: 'file',
      message: 'Sube una foto JPEG, PNG, WebP o HEIC.',
    });
    const stranger = await person(t.app);
    expect((await upload(stranger.cookie, await photoWithGps(600, 600))).statusCode).toBe(403);
    expect((await call('DELETE', '/api/dj/profile/photo', stranger.cookie)).statusCode).toBe(403);
    expect(((await call('GET', `/api/djs/${await slugOf()}`)).json() as DjProfile).photoUrl).toBe(kept);
    expect(djFiles()).toEqual([kept.split('/').pop()]);
  });
});
