// A club's logo and cover and an event's cover go through the image pipeline (type by
// content, EXIF/GPS stripped, WebP at the poster widths) and the storage interface; only the club's people may.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { caller, event, person, staffedClub, type Person } from '../../../test/door-fixture.ts';

const GPS_TAG = Buffer.from([0x25, 0x88]);

async function photoWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Nocturna' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } })
    .toBuffer();
}

function form(file: Buffer, filename = 'portada.jpg') {
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

describe.each(DIALECTS)('club and event images on %s', (dialect) => {
  let t: TestApp;
  let admin: Person;
  let a: Awaited<ReturnType<typeof staffedClub>>;
  let b: Awaited<ReturnType<typeof staffedClub>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await person(t.app, 'admin');
    a = await staffedClub(t.app, admin);
    b = await staffedClub(t.app, admin);
  });
  afterAll(async () => t.close());

  const upload = (url: string, cookie: string, file: Buffer, filename?: string) => {
    const { payload, contentType } = form(file, filename);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
      payload,
    });
  };
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

  it('stores a club cover as 1200×630 WebP at every poster width, without EXIF or GPS, and the page shows it', async () => {
    const res = await upload(
      `/api/manage/clubs/${a.club.id}/cover`,
      a.ceo.cookie,
      await photoWithGps(3000, 2000),
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/media\/covers\/[0-9a-f-]{36}\.webp$/);
    expect((await caller(t.app)('GET', `/api/clubs/${a.club.id}`)).json().coverURL).toBe(url);
    for (const [w, width] of [
      ['', 1200],
      ['?w=480', 480],
      ['?w=800', 800],
    ] as const) {
      const image = await t.app.inject({ method: 'GET', url: `${url}${w}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
      expect(meta.exif?.includes(GPS_TAG) ?? false).toBe(false);
    }
    const full = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
    expect(full.height).toBe(630);
  });

  it('replaces a logo and removes the old file from storage', async () => {
    const first = (
      await upload(`/api/manage/clubs/${a.club.id}/logo`, a.ceo.cookie, await photoWithGps(800, 800))
    ).json().url as string;
    const logos = () => fs.readdirSync(path.join(uploadsDir(), 'logos'));
    expect(logos()).toHaveLength(1);
    const second = (
      await upload(`/api/manage/clubs/${a.club.id}/logo`, a.ceo.cookie, await photoWithGps(600, 900))
    ).json().url as string;
    expect(second).not.toBe(first);
    expect(logos()).toEqual([second.split('/').pop()]);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const meta = await sharp((await t.app.inject({ method: 'GET', url: second })).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it("refuses a file that is not a photo (whatever its name says), and another club's CEO, storing nothing", async () => {
    const before = fs.existsSync(path.join(uploadsDir(), 'covers'))
      ? fs.readdirSync(path.join(uploadsDir(), 'covers')).length
      : 0;
    const fake = await upload(
      `/api/manage/clubs/${a.club.id}/cover`,
      a.ceo.cookie,
      Buffer.from('<html>hola</html>'),
      'foto.jpg',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toMatchObject({ code: 'UNSUPPORTED_IMAGE', field: 'file' });
    const stranger = await upload(
      `/api/manage/clubs/${a.club.id}/cover`,
      b.ceo.cookie,
      await photoWithGps(1200, 700),
    );
    expect(stranger.statusCode).toBe(403);
    const after = fs.existsSync(path.join(uploadsDir(), 'covers'))
      ? fs.readdirSync(path.join(uploadsDir(), 'covers')).length
      : 0;
    expect(after).toBe(before);
  });

  it("sets an event's cover; the public event page and its poster sizes use it", async () => {
    const ev = await event(t.app, a.club.id, { startsInHours: 48 });
    const res = await upload(
      `/api/manage/events/${ev.id}/cover`,
      a.ceo.cookie,
      await photoWithGps(1600, 900),
    );
    expect(res.statusCode).toBe(200);
    const page = await caller(t.app)('GET', `/api/events/${ev.id}`);
    expect(page.json().coverURL).toBe(res.json().url);
    const small = await t.app.inject({ method: 'GET', url: `${res.json().url as string}?w=480` });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
  });
});
