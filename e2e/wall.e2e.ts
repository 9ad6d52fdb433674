// The live wall at both viewports. Two events are under way at Kápital (run by the demo CEO): one with an
// attendees-only gallery shown at once, one pre-moderated. A ticket holder posts a snapshot (on the phone with
// Chromium's fake camera, front then back; on the desktop through the file picker, the fallback where there is
// no camera) and a second holder, already watching, sees it appear live, reacts (the author sees the count
// move) and reports it. In pre-moderation the author sees "Pendiente" until the CEO approves it from the
// moderators' queue, and then everyone watching sees it. An outsider gets the attendees-only screen and cannot
// open an image link copied from a holder. On a public wall, a signed-in holder and a visitor who never signed in
// have both scrolled down when photos arrive: the "N nuevas" pill counts them, and tapping it scrolls to the top and
// shows them; a visitor back at the top sees the next one arrive straight in.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  asDemo,
  ARTIFACTS,
  gotoLive,
  launch,
  newContext,
  snap,
  watchErrors,
  VIEWPORTS,
  type ViewportName,
} from './browser.ts';
import { seriousViolations } from './axe.ts';
import { signUp } from './people-setup.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const HOUR = 3600_000;

let browser: Browser;
// A second Chromium with a fake camera that needs no permission prompt: the phone's journey takes its photos.
let cameraBrowser: Browser;
let events: { open: string; pre: string; publicDesktop: string; publicPhone: string };
let files: { front: string; back: string };

const openDb = () => openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });

async function eventsUnderWay() {
  const { db } = openDb();
  try {
    const club = await db
      .selectFrom('clubs')
      .select(['id', 'name'])
      .where('slug', '=', 'kapital')
      .executeTakeFirstOrThrow();
    const start = new Date(Date.now() - HOUR);
    const make = (name: string, moderation: 'pre' | 'post', gallery: 'attendees' | 'public' = 'attendees') =>
      insertEvent(
        db,
        {
          slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`,
          clubId: club.id,
          name,
          startAt: start,
          endAt: new Date(start.getTime() + 7 * HOUR),
          gallery,
          wallModeration: moderation,
          ticketTypes: [{ name: 'General', priceCents: 1500, capacity: 300 }],
        },
        club.name,
      );
    return {
      open: await make('Muro en directo abierto', 'post'),
      pre: await make('Muro con revisión', 'pre'),
      publicDesktop: await make('Muro público escritorio', 'post', 'public'),
      publicPhone: await make('Muro público móvil', 'post', 'public'),
    };
  } finally {
    await db.destroy();
  }
}

async function picture(name: string, color: string, width: number, height: number) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fde68a"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg().toFile(file);
  return file;
}

beforeAll(async () => {
  browser = await launch();
  cameraBrowser = await launch(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  events = await eventsUnderWay();
  files = {
    front: await picture('wall-front.jpg', '#db2777', 600, 800),
    back: await picture('wall-back.jpg', '#1d4ed8', 1200, 900),
  };
});
afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
});

let people = 0;
async function person(context: BrowserContext, first: string): Promise<{ id: string; name: string }> {
  return signUp(context, baseURL, first, 'Muro');
}

async function ticketFor(context: BrowserContext, eventId: string) {
  const got = await context.request.post('/api/tickets', {
    headers: { origin: baseURL, 'idempotency-key': `wall-${eventId}-${Date.now()}-${people++}` },
    data: { ticketTypeId: `${eventId}-tt1`, quantity: 1 },
  });
  expect(got.status(), await got.text()).toBe(201);
}

async function holder(viewport: ViewportName, first: string, eventId: string, camera = false) {
  const context = await newContext(camera ? cameraBrowser : browser, viewport, baseURL);
  const who = await person(context, first);
  await ticketFor(context, eventId);
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors, ...who };
}

async function openWall(page: Page, eventId: string) {
  await gotoLive(page, `/evento/${eventId}/live`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

// Takes both photos: with the fake camera (front, then back) or through the file inputs.
async function takePhotos(page: Page, camera: boolean) {
  if (camera) {
    await page.getByRole('button', { name: 'Abrir cámaras' }).click();
    await page.getByTestId('camera-user').waitFor();
    await page.getByRole('button', { name: 'Hacer foto', exact: true }).click();
    await page.getByTestId('camera-environment').waitFor();
    await page.getByRole('button', { name: 'Hacer foto', exact: true }).click();
    await page.getByRole('img', { name: 'Foto trasera', exact: true }).waitFor();
  } else {
    await page.getByTestId('file-front').setInputFiles(files.front);
    await page.getByTestId('file-back').setInputFiles(files.back);
  }
  await expect.poll(() => page.getByRole('img', { name: 'Foto frontal', exact: true }).count()).toBe(1);
}

const card = (page: Page, name: string) => page.getByTestId('snapshot').filter({ hasText: name });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('live wall at %s', (viewport) => {
  const camera = viewport === 'phone';
  const caption = viewport === 'phone' ? '¡Qué noche en Kápital!' : '¡Vaya sesión en Kápital!';

  it('a holder posts a snapshot and a second holder sees it arrive live, reacts and reports it', async () => {
    const friend = await holder(viewport, 'Irene', events.open);
    await openWall(friend.page, events.open);
    await friend.page.getByText('En directo', { exact: true }).waitFor();

    const fan = await holder(viewport, viewport === 'phone' ? 'Nacho' : 'Lola', events.open, camera);
    await openWall(fan.page, events.open);
    await fan.page.getByRole('heading', { name: 'Comparte tu noche' }).waitFor();
    await snap(fan.page, `wall-${viewport}-01-composer`);
    await takePhotos(fan.page, camera);
    await fan.page.getByLabel('Texto (opcional)').fill(caption);
    await snap(fan.page, `wall-${viewport}-02-preview`);
    expect(await seriousViolations(fan.page)).toEqual([]);
    await fan.page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await fan.page.getByText('¡Foto publicada!').waitFor();
    await card(fan.page, caption).waitFor();

    // The friend's wall gets it without a reload.
    const live = card(friend.page, fan.name);
    await live.getByText(caption).waitFor();
    await snap(friend.page, `wall-${viewport}-03-live`);

    // A reaction: counted on the author's screen too.
    await live.getByTestId('reaction-fire').click();
    await expect.poll(() => live.getByTestId('reaction-fire').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => card(fan.page, fan.name).getByTestId('reaction-fire').textContent())
      .toContain('1');

    // Full screen, then back.
    await live.getByRole('button', { name: 'Ver a pantalla completa' }).click();
    await friend.page.getByTestId('snapshot-viewer').waitFor();
    await snap(friend.page, `wall-${viewport}-04-viewer`);
    await friend.page.keyboard.press('Escape');
    await friend.page.getByTestId('snapshot-viewer').waitFor({ state: 'detached' });

    // A report.
    await live.getByRole('button', { name: 'Opciones de la foto' }).click();
    await live.getByRole('button', { name: 'Denunciar' }).click();
    await live.getByLabel('Spam').check();
    await snap(friend.page, `wall-${viewport}-05-report`);
    await live.getByRole('button', { name: 'Enviar denuncia' }).click();
    await friend.page.getByText('Denuncia enviada. Gracias por avisar.').waitFor();
    expect(await seriousViolations(friend.page)).toEqual([]);

    // An outsider: the attendees-only screen, and a photo link copied from the friend's page does not open.
    const imageUrl = await live.locator('img').nth(0).getAttribute('src');
    expect(imageUrl).toMatch(/^\/media\/wall\/.+\?exp=\d+&sig=/);
    expect((await friend.context.request.get(imageUrl!)).status()).toBe(200);
    const outsiderContext = await newContext(browser, viewport, baseURL);
    await person(outsiderContext, 'Fuera');
    const outsider = await outsiderContext.newPage();
    const outsiderErrors = watchErrors(outsider);
    await openWall(outsider, events.open);
    await outsider.getByTestId('wall-attendees-only').waitFor();
    await snap(outsider, `wall-${viewport}-06-attendees-only`);
    expect((await outsiderContext.request.get(imageUrl!)).status()).toBe(403);
    expect(outsiderErrors).toEqual([]);
    await outsiderContext.close();

    // The author deletes it, once the app's dialog has asked.
    const own = card(fan.page, caption);
    await own.getByRole('button', { name: 'Opciones de la foto' }).click();
    await own.getByRole('button', { name: 'Borrar mi foto' }).click();
    const asking = fan.page.getByRole('alertdialog', { name: 'Borrar la foto' });
    await asking.getByText('¿Borrar esta foto? Se eliminará para siempre.').waitFor();
    await snap(fan.page, `wall-${viewport}-06b-delete-confirm`);
    await asking.getByRole('button', { name: 'Borrar mi foto' }).click();
    await fan.page.getByText('Foto borrada').waitFor();
    await own.waitFor({ state: 'detached' });

    expect(fan.errors).toEqual([]);
    expect(friend.errors).toEqual([]);
    await fan.context.close();
    await friend.context.close();
  });

  it('in pre-moderation the author sees "Pendiente" until the CEO approves it from the queue', async () => {
    const viewer = await holder(viewport, 'Sara', events.pre);
    await openWall(viewer.page, events.pre);
    const fan = await holder(viewport, viewport === 'phone' ? 'Pablo' : 'Hugo', events.pre);
    await openWall(fan.page, events.pre);
    await takePhotos(fan.page, false);
    await fan.page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await fan.page.getByText('Foto enviada: aparecerá cuando la aprueben.').waitFor();
    const mine = card(fan.page, fan.name);
    await mine.getByText('Pendiente').waitFor();
    await snap(fan.page, `wall-${viewport}-07-pending`);
    expect(await card(viewer.page, fan.name).count()).toBe(0);

    const ceoContext = await newContext(browser, viewport, baseURL);
    await asDemo(ceoContext, 'ceo');
    const ceo = await ceoContext.newPage();
    const ceoErrors = watchErrors(ceo);
    await openWall(ceo, events.pre);
    await ceo.getByRole('tab', { name: 'Moderación' }).click();
    const item = ceo.getByTestId('queue-item').filter({ hasText: fan.name });
    await item.waitFor();
    await snap(ceo, `wall-${viewport}-08-queue`);
    expect(await seriousViolations(ceo)).toEqual([]);
    await item.getByRole('button', { name: 'Aprobar' }).click();
    await ceo.getByText('Foto aprobada').waitFor();
    await item.waitFor({ state: 'detached' });

    await card(viewer.page, fan.name).waitFor();
    await expect.poll(() => mine.getByText('Pendiente').count()).toBe(0);
    await snap(viewer.page, `wall-${viewport}-09-approved`);
    expect(ceoErrors).toEqual([]);
    expect(fan.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
    await ceoContext.close();
    await fan.context.close();
    await viewer.context.close();
  });
});

// Posts a snapshot through the API, as another person's phone would, and lets the next one through the 30 s limit.
async function postByApi(context: BrowserContext, who: { id: string }, eventId: string, caption: string) {
  const res = await context.request.post(`/api/wall/events/${eventId}/snapshots`, {
    headers: { origin: baseURL },
    multipart: {
      front: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(files.front) },
      back: { name: 'back.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(files.back) },
      caption,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { db } = openDb();
  try {
    await db
      .updateTable('wall_posters')
      .set({ last_posted_at: new Date(Date.now() - 31_000).toISOString() })
      .where('event_id', '=', eventId)
      .where('user_id', '=', who.id)
      .execute();
  } finally {
    await db.destroy();
  }
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('new photos pill at %s', (viewport) => {
  it('a signed-in holder and a visitor, both scrolled down, get "1 nueva" then "2 nuevas"; tapping it shows them at the top', async () => {
    const eventId = viewport === 'phone' ? events.publicPhone : events.publicDesktop;
    const poster = await holder(viewport, 'Marta', eventId);
    // Enough photos on the wall to scroll down past the first ones.
    for (let i = 1; i <= 4; i++) await postByApi(poster.context, poster, eventId, `Foto de antes ${i}`);

    const fan = await holder(viewport, 'Raul', eventId);
    await openWall(fan.page, eventId);
    const visitorContext = await newContext(browser, viewport, baseURL);
    const visitor = await visitorContext.newPage();
    const visitorErrors = watchErrors(visitor);
    await openWall(visitor, eventId);
    for (const page of [fan.page, visitor]) {
      await page.getByText('En directo', { exact: true }).waitFor();
      // Watching: the server acknowledged the room, so the next photo will arrive.
      await page.locator('[data-live="true"]').waitFor();
      await card(page, 'Foto de antes 1').waitFor();
      await card(page, 'Foto de antes 1').scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    }

    await postByApi(poster.context, poster, eventId, 'Llega la primera');
    for (const page of [fan.page, visitor]) {
      await expect.poll(() => page.getByTestId('new-snapshots-pill').textContent()).toContain('1 nueva');
      // Held behind the pill, not yet on the wall.
      expect(await card(page, 'Llega la primera').count()).toBe(0);
    }
    await postByApi(poster.context, poster, eventId, 'Llega la segunda');
    for (const page of [fan.page, visitor])
      await expect.poll(() => page.getByTestId('new-snapshots-pill').textContent()).toContain('2 nuevas');
    await snap(visitor, `wall-${viewport}-10-pill-visitor`);
    await snap(fan.page, `wall-${viewport}-11-pill-holder`);
    expect(await seriousViolations(visitor)).toEqual([]);

    for (const page of [fan.page, visitor]) {
      await page.getByTestId('new-snapshots-pill').click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(40);
      await page.getByTestId('new-snapshots-pill').waitFor({ state: 'detached' });
      const captions = await page.getByTestId('snapshot').allTextContents();
      expect(captions[0]).toContain('Llega la segunda');
      expect(captions[1]).toContain('Llega la primera');
    }
    await snap(visitor, `wall-${viewport}-12-shown-visitor`);

    // At the top, the visitor's wall takes the next one straight in, without the pill.
    await postByApi(poster.context, poster, eventId, 'Llega la tercera');
    await card(visitor, 'Llega la tercera').waitFor();
    expect(await visitor.getByTestId('new-snapshots-pill').count()).toBe(0);

    expect(visitorErrors).toEqual([]);
    expect(fan.errors).toEqual([]);
    expect(poster.errors).toEqual([]);
    await visitorContext.close();
    await fan.context.close();
    await poster.context.close();
  });
});

describe('a dropped connection', () => {
  it('on reconnect the wall and the moderators’ queue catch up with what was posted while offline', async () => {
    const friend = await holder('phone', 'Vera', events.open);
    await openWall(friend.page, events.open);
    await friend.page.locator('[data-live="true"]').waitFor();
    const ceoContext = await newContext(browser, 'desktop', baseURL);
    await asDemo(ceoContext, 'ceo');
    const ceo = await ceoContext.newPage();
    const ceoErrors = watchErrors(ceo);
    await openWall(ceo, events.pre);
    await ceo.getByRole('tab', { name: 'Moderación' }).click();
    await ceo.getByRole('heading', { name: 'Por revisar' }).waitFor();
    await ceo.waitForLoadState('networkidle');

    // Both lose the network; meanwhile another person posts on each wall.
    await friend.context.setOffline(true);
    await ceoContext.setOffline(true);
    await expect.poll(() => friend.page.evaluate(() => navigator.onLine)).toBe(false);
    const poster = await holder('phone', 'Teo', events.open);
    await ticketFor(poster.context, events.pre);
    await postByApi(poster.context, poster, events.open, 'Mientras estabas sin red');
    await postByApi(poster.context, poster, events.pre, 'En cola sin red');
    // Nothing could reach them while offline.
    expect(await card(friend.page, 'Mientras estabas sin red').count()).toBe(0);

    await friend.context.setOffline(false);
    await ceoContext.setOffline(false);
    await card(friend.page, 'Mientras estabas sin red').waitFor({ timeout: 15_000 });
    await ceo.getByTestId('queue-item').filter({ hasText: 'En cola sin red' }).waitFor({ timeout: 15_000 });
    await snap(friend.page, 'wall-phone-13-after-reconnect');

    // While the network was cut the browser logged the socket's reconnection polls it could not make.
    const offline = /net::ERR_(FAILED|INTERNET_DISCONNECTED|NETWORK_CHANGED)/;
    expect(friend.errors.filter((e) => !offline.test(e))).toEqual([]);
    expect(ceoErrors.filter((e) => !offline.test(e))).toEqual([]);
    await ceoContext.close();
    await poster.context.close();
    await friend.context.close();
  });
});

describe('no camera', () => {
  it('when the camera is missing or refused, the person posts through plain file pickers', async () => {
    // This Chromium has no camera at all (no fake-device flags): getUserMedia fails as on a phone that refuses.
    const fan = await holder('phone', 'Noa', events.open);
    await openWall(fan.page, events.open);
    await fan.page.getByRole('button', { name: 'Abrir cámaras' }).click();
    await fan.page.getByText('No podemos usar la cámara aquí. Elige las fotos desde tus archivos.').waitFor();
    // A plain picker: with capture the phone would open the camera app that was just refused.
    for (const side of ['front', 'back'])
      expect(await fan.page.getByTestId(`file-${side}`).getAttribute('capture')).toBeNull();
    expect(await fan.page.getByRole('button', { name: 'Abrir cámaras' }).count()).toBe(0);
    await snap(fan.page, 'wall-phone-14-no-camera');
    await takePhotos(fan.page, false);
    await fan.page.getByLabel('Texto (opcional)').fill('Sin cámara, desde archivos');
    await fan.page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await fan.page.getByText('¡Foto publicada!').waitFor();
    await card(fan.page, 'Sin cámara, desde archivos').waitFor();
    expect(fan.errors).toEqual([]);
    await fan.context.close();
  });
});

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the wall composer at %s', (viewport) => {
  it('says which photo is missing while "Publicar" is off, tied to the button', async () => {
    const fan = await holder(viewport, 'Iris', events.open);
    await openWall(fan.page, events.open);
    const publish = fan.page.getByRole('button', { name: 'Publicar', exact: true });
    const reason = fan.page.getByTestId('publish-reason');
    // The button's description is the reason, read out with it.
    const describedBy = async () => {
      const id = await publish.getAttribute('aria-describedby');
      return id ? fan.page.locator(`[id="${id}"]`).textContent() : null;
    };
    expect(await publish.isDisabled()).toBe(true);
    expect(await reason.textContent()).toBe('Faltan las dos fotos: la frontal y la trasera.');
    expect(await describedBy()).toBe('Faltan las dos fotos: la frontal y la trasera.');
    await fan.page.getByTestId('file-front').setInputFiles(files.front);
    await expect.poll(() => reason.textContent()).toBe('Falta la foto trasera.');
    expect(await describedBy()).toBe('Falta la foto trasera.');
    expect(await publish.isDisabled()).toBe(true);
    await reason.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(fan.page, `wall-${viewport}-15-missing-back`);
    expect(await seriousViolations(fan.page)).toEqual([]);
    await fan.page.getByTestId('file-back').setInputFiles(files.back);
    await expect.poll(() => publish.isEnabled()).toBe(true);
    expect(await reason.count()).toBe(0);
    expect(await publish.getAttribute('aria-describedby')).toBeNull();
    expect(fan.errors).toEqual([]);
    await fan.context.close();
  });
});
