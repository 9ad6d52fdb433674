// An incident's photo: the person who logged it adds one through the image pipeline (WebP, no EXIF or GPS);
// the club's CEO and the reporter read it, another club's CEO or door gets 404; a second photo is refused.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../../test/auth-helpers.ts';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { caller, event, person, staffedClub } from '../../../test/door-fixture.ts';

const GPS_TAG = Buffer.from([0x25, 0x88]);

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#b0125b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Nocturna', Model: 'Cámara de la puerta' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .toBuffer();
}

function form(file: Buffer) {
  const boundary = `----nocturna${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(DIALECTS)('incident photos on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('stores the photo without EXIF or GPS, shows it to the CEO and the reporter only, and keeps one per incident', async () => {
    const call = caller(t.app);
    const admin = await person(t.app, 'admin');
    const a = await staffedClub(t.app, admin);
    const b = await staffedClub(t.app, admin);
    const night = await event(t.app, a.club.id);
    const logged = await call('POST', `/api/door/events/${night.id}/incidents`, a.door.cookie, {
      type: 'damage',
      description: 'Rompieron un espejo del baño',
    });
    expect(logged.statusCode).toBe(201);
    const incidentId = logged.json().id as string;
    const upload = (cookie: string) => {
      const { payload, contentType } = form(photo);
      return t.app.inject({
        method: 'POST',
        url: `/api/incidents/${incidentId}/photo`,
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
        payload,
      });
    };
    const photo = await jpegWithGps();
    expect(photo.includes(GPS_TAG)).toBe(true);

    expect((await upload(b.ceo.cookie)).statusCode).toBe(404);
    const stored = await upload(a.door.cookie);
    expect(stored.statusCode, stored.body).toBe(200);
    const url = stored.json().photoUrl as string;

    const seen = await call('GET', url, a.ceo.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    const meta = await sharp(seen.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
    expect(meta.exif).toBeUndefined();
    expect(seen.rawPayload.includes(GPS_TAG)).toBe(false);

    expect((await call('GET', url, b.ceo.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, b.door.cookie)).statusCode).toBe(404);
    // Whoever logged it sees the photo of their own report.
    expect((await call('GET', url, a.door.cookie)).statusCode).toBe(200);
    const list = (await call('GET', `/api/clubs/${a.club.id}/incidents`, a.ceo.cookie)).json();
    expect(list.items.find((i: { id: string }) => i.id === incidentId).photoUrl).toBe(url);

    const second = await upload(a.door.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'INCIDENT_HAS_PHOTO', field: 'file' });

    // Taken off the club's door, the reporter is a stranger to its incidents: no photo to see or add.
    const removed = await call('DELETE', `/api/clubs/${a.club.id}/staff/${a.door.id}`, a.ceo.cookie);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', url, a.door.cookie)).statusCode).toBe(404);
    expect((await upload(a.door.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, a.ceo.cookie)).statusCode).toBe(200);
  });
});
