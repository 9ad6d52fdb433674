// A fair door at both viewports (issue 22): on a VÁLIDA the door refuses the person ("Rechazar" → a reason)
// and the ticket becomes rechazada; someone inside goes out ("Sale a fumar") and is let back in by scanning
// again (VUELVE A ENTRAR); the CEO's dashboard shows the club's live aforo. Helpers as in door.e2e.ts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import {
  ARTIFACTS,
  launch,
  newContext,
  snap,
  watchErrors,
  VIEWPORTS,
  type ViewportName,
  clientAddress,
} from './browser.ts';
import { seriousViolations } from './axe.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const HOUR = 3600_000;

let browser: Browser;
let ceo: APIRequestContext;
let event: { id: string; name: string };

// The event is written straight into the server's SQLite file (the editor has its own journey), because the
// demo programme has nothing under way at whatever hour the journey runs.
async function eventUnderWay(): Promise<{ id: string; name: string }> {
  const { db } = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });
  try {
    const club = await db
      .selectFrom('clubs')
      .select(['id', 'name'])
      .where('slug', '=', 'kapital')
      .executeTakeFirstOrThrow();
    const name = 'Noche justa en la puerta';
    const start = new Date(Date.now() - HOUR);
    const id = await insertEvent(
      db,
      {
        slug: `noche-justa-puerta-${Date.now().toString(36)}`,
        clubId: club.id,
        name,
        startAt: start,
        endAt: new Date(start.getTime() + 7 * HOUR),
        ticketTypes: [
          { name: 'General', priceCents: 1500, capacity: 300 },
          { name: 'Lista gratis', priceCents: 0, capacity: 50 },
        ],
      },
      club.name,
    );
    return { id, name };
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  browser = await launch();
  event = await eventUnderWay();
  ceo = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'X-Forwarded-For': clientAddress() },
  });
  const res = await ceo.post('/api/auth/sign-in/email', {
    data: { email: 'ceo@demo.nocturna.es', password: 'nocturna' },
  });
  expect(res.status(), await res.text()).toBe(200);
});
afterAll(async () => {
  await ceo?.dispose();
  await browser?.close();
});

let people = 0;
async function signUp(
  context: BrowserContext,
  first: string,
  last: string,
): Promise<{ id: string; username: string; name: string }> {
  const n = `${Date.now().toString(36)}${people++}`;
  const username = `${first.toLowerCase()}_${n}`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${username}@example.com`,
      password: 'Noche-de-Lavapies-42',
      name: `${first} ${last}`,
      firstName: first,
      lastName: last,
      username,
      phoneNumber: '+34612345678',
      dateOfBirth: '1994-06-21',
      gender: 'prefer-not-to-say',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { user: { id: string } }).user.id, username, name: `${first} ${last}` };
}

// A person gets a General ticket, opens it on /tickets and the journey keeps a picture of its QR, as a door
// phone's camera would see it.
async function holderWithTicket(
  viewport: ViewportName,
  label: string,
): Promise<{ context: BrowserContext; name: string; ticketId: string; qrFile: string }> {
  const context = await newContext(browser, viewport, baseURL);
  const holder = await signUp(context, 'Marta', 'Ruiz');
  const got = await context.request.post('/api/tickets', {
    headers: { origin: baseURL, 'idempotency-key': `door-${label}-${Date.now()}` },
    data: { ticketTypeId: `${event.id}-tt1`, quantity: 1 },
  });
  expect(got.status(), await got.text()).toBe(201);
  const ticketId = ((await got.json()) as { tickets: { id: string }[] }).tickets[0]!.id;
  const page = await context.newPage();
  await page.goto(`/tickets?ticket=${encodeURIComponent(ticketId)}`);
  const qr = page.getByTestId('ticket-qr');
  await qr.waitFor();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const qrFile = path.join(ARTIFACTS, `door-${label}-ticket-qr.png`);
  await qr.screenshot({ path: qrFile });
  await snap(page, `door-${label}-01-ticket`);
  await page.close();
  return { context, name: holder.name, ticketId, qrFile };
}

async function ticketStatus(context: BrowserContext, ticketId: string): Promise<string> {
  const res = await context.request.get(`/api/tickets/${encodeURIComponent(ticketId)}`);
  return ((await res.json()) as { status: string }).status;
}

async function upload(page: Page, file: string) {
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('scan-result').waitFor();
}

async function nextScan(page: Page) {
  await page.getByRole('button', { name: 'Escanear siguiente' }).click();
  await page.getByTestId('scan-result').waitFor({ state: 'detached' });
}

async function addDoorStaff(username: string) {
  const access = (await (await ceo.get('/api/door/access')).json()) as {
    clubs: { id: string; slug: string }[];
  };
  const kapital = access.clubs.find((c) => c.slug === 'kapital')!;
  const res = await ceo.post(`/api/clubs/${kapital.id}/staff`, { data: { login: username } });
  expect(res.status(), await res.text()).toBe(201);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('fair door at %s', (viewport) => {
  it('refuses a VÁLIDA with a reason, records an exit and lets the person back in; the CEO sees the aforo', async () => {
    const refused = await holderWithTicket(viewport, `${viewport}-fair-refused`);
    const smoker = await holderWithTicket(viewport, `${viewport}-fair-smoker`);
    const doorContext = await newContext(browser, viewport, baseURL);
    const doorPerson = await signUp(doorContext, 'Rocio', viewport === 'phone' ? 'Justa' : 'Recta');
    await addDoorStaff(doorPerson.username);

    const page = await doorContext.newPage();
    const errors = watchErrors(page);
    await page.goto(`/puerta/${event.id}`);
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');

    // VÁLIDA → Rechazar → Vestimenta.
    await upload(page, refused.qrFile);
    const result = page.getByTestId('scan-result');
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await result.getByRole('button', { name: 'Rechazar' }).click();
    await result.getByTestId('refuse-sheet').waitFor();
    await snap(page, `door-fair-${viewport}-01-reasons`);
    expect(await seriousViolations(page)).toEqual([]);
    await result.getByRole('button', { name: 'Vestimenta' }).click();
    await expect.poll(() => result.getAttribute('data-outcome')).toBe('refused');
    await result.getByText('RECHAZADA', { exact: true }).waitFor();
    await result.getByTestId('refusal-done').waitFor();
    await snap(page, `door-fair-${viewport}-02-rechazada`);
    expect(await ticketStatus(refused.context, refused.ticketId)).toBe('refused');
    await nextScan(page);

    // In, out for a smoke, back in.
    await upload(page, smoker.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await nextScan(page);
    const insideBefore = await page.getByTestId('aforo-inside').innerText();
    await upload(page, smoker.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('already_used');
    await result.getByRole('button', { name: 'Sale a fumar' }).click();
    await result.getByTestId('exit-done').waitFor();
    await snap(page, `door-fair-${viewport}-03-sale-a-fumar`);
    await nextScan(page);
    await expect.poll(() => page.getByTestId('aforo-inside').innerText()).not.toBe(insideBefore);
    await upload(page, smoker.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('reentry');
    await result.getByText('VUELVE A ENTRAR').waitFor();
    await snap(page, `door-fair-${viewport}-04-vuelve`);
    await nextScan(page);
    await expect.poll(() => page.getByTestId('aforo-inside').innerText()).toBe(insideBefore);
    expect(errors).toEqual([]);

    // The CEO closes re-entry for the night: the open door shows it at once (and keeps it for offline).
    const rule = page.getByTestId('door-reentry-rule');
    await rule.getByText('Reentrada: toda la noche').waitFor();
    const closed = await ceo.put(`/api/door/events/${event.id}/reentry`, { data: { policy: 'never' } });
    expect(closed.status(), await closed.text()).toBe(200);
    await rule.getByText('Sin reentrada: quien sale no vuelve').waitFor();
    await snap(page, `door-fair-${viewport}-04b-sin-reentrada`);
    const reopened = await ceo.put(`/api/door/events/${event.id}/reentry`, { data: { policy: 'until' } });
    expect(reopened.status(), await reopened.text()).toBe(200);
    await rule.getByText('Reentrada: toda la noche').waitFor();

    // The CEO's live aforo for Kápital.
    const ceoContext = await newContext(browser, viewport, baseURL);
    const signedIn = await ceoContext.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: 'ceo@demo.nocturna.es', password: 'nocturna' },
    });
    expect(signedIn.status()).toBe(200);
    const ceoPage = await ceoContext.newPage();
    await ceoPage.goto('/ceo/dashboard');
    const liveAforo = ceoPage.getByTestId('live-aforo');
    await liveAforo.getByText('Kápital').waitFor();
    await liveAforo.scrollIntoViewIfNeeded();
    await snap(ceoPage, `door-fair-${viewport}-05-ceo-aforo`);
    expect(await seriousViolations(ceoPage)).toEqual([]);
    await ceoContext.close();
    await refused.context.close();
    await smoker.context.close();
    await doorContext.close();
  });
  it('goes out, comes back and refuses without a connection; all of it syncs when the network returns', async () => {
    const smoker = await holderWithTicket(viewport, `${viewport}-fair-offline-smoker`);
    const refused = await holderWithTicket(viewport, `${viewport}-fair-offline-refused`);
    const doorContext = await newContext(browser, viewport, baseURL);
    const doorPerson = await signUp(doorContext, 'Sara', viewport === 'phone' ? 'Sinred' : 'Sincobertura');
    await addDoorStaff(doorPerson.username);
    const page = await doorContext.newPage();
    const errors = watchErrors(page);
    await page.goto(`/puerta/${event.id}`);
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');
    const result = page.getByTestId('scan-result');
    // In while there is signal.
    await upload(page, smoker.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await nextScan(page);
    await page.waitForLoadState('networkidle');
    expect(errors.splice(0)).toEqual([]);

    await doorContext.setOffline(true);
    await expect.poll(() => page.getByTestId('door-connection').getAttribute('data-online')).toBe('false');
    // Out for a smoke, offline.
    const insideBefore = await page.getByTestId('aforo-inside').innerText();
    await upload(page, smoker.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('already_used');
    await result.getByRole('button', { name: 'Sale a fumar' }).click();
    await result.getByTestId('exit-done').waitFor();
    await result.getByText('Sin conexión · se sincronizará al volver la señal').waitFor();
    await nextScan(page);
    await expect.poll(() => page.getByTestId('aforo-inside').innerText()).not.toBe(insideBefore);
    // Back in, offline: the pack knows they went out.
    await upload(page, smoker.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('reentry');
    await nextScan(page);
    await expect.poll(() => page.getByTestId('aforo-inside').innerText()).toBe(insideBefore);
    // A VÁLIDA refused offline: the entry it queued is replaced by the refusal.
    await upload(page, refused.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await result.getByRole('button', { name: 'Rechazar' }).click();
    await result.getByRole('button', { name: 'Edad', exact: true }).click();
    await expect.poll(() => result.getAttribute('data-outcome')).toBe('refused');
    await result.getByText('El reembolso se decide al sincronizar (política del club).').waitFor();
    await snap(page, `door-fair-${viewport}-06-offline-rechazada`);
    await nextScan(page);
    expect(await page.getByTestId('pending-sync').getAttribute('data-count')).toBe('3');
    await page.getByText('3 registros pendientes de sincronizar').waitFor();
    await snap(page, `door-fair-${viewport}-07-offline-pending`);
    expect(await ticketStatus(refused.context, refused.ticketId)).toBe('valid');
    expect(
      errors
        .splice(0)
        .filter((e) => !/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(e)),
    ).toEqual([]);

    await doorContext.setOffline(false);
    await expect
      .poll(() => page.getByTestId('pending-sync').getAttribute('data-count'), { timeout: 15_000 })
      .toBe('0');
    await page.getByText('Todo sincronizado').waitFor();
    expect(await ticketStatus(refused.context, refused.ticketId)).toBe('refused');
    expect(await ticketStatus(smoker.context, smoker.ticketId)).toBe('used');
    const { db } = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });
    try {
      const moves = await db
        .selectFrom('door_movements')
        .select(['kind', 'offline'])
        .where('ticket_id', '=', smoker.ticketId)
        .orderBy('at')
        .execute();
      expect(moves.map((m) => [m.kind, Boolean(m.offline)])).toEqual([
        ['exit', true],
        ['reentry', true],
      ]);
      const entries = await db
        .selectFrom('check_ins')
        .select('outcome')
        .where('ticket_id', '=', refused.ticketId)
        .execute();
      expect(entries).toEqual([]);
    } finally {
      await db.destroy();
    }
    await expect.poll(() => page.getByTestId('aforo-inside').innerText()).toBe(insideBefore);
    await snap(page, `door-fair-${viewport}-08-offline-synced`);

    // Another door without signal let "the smoker" back in too (the QR passed back out): once it syncs, this
    // door's staff see the alert live, with what that door did.
    const passedBack = await doorContext.request.post(`/api/door/events/${event.id}/sync`, {
      headers: { origin: baseURL },
      data: {
        door: 'Puerta trasera',
        checkIns: [
          {
            clientId: `passed-back-${viewport}-${Date.now()}`,
            ticketId: smoker.ticketId,
            token: null,
            scannedAt: new Date().toISOString(),
            action: 'reentry',
          },
        ],
      },
    });
    expect(passedBack.status(), await passedBack.text()).toBe(200);
    const alerts = page.getByTestId('conflicts');
    await alerts.getByText('Volvió a entrar estando dentro (¿QR pasado a otra persona?)').waitFor();
    await alerts.getByText(/^Reentrada · Puerta trasera · \d\d:\d\d/).waitFor();
    await alerts.scrollIntoViewIfNeeded();
    await snap(page, `door-fair-${viewport}-09-offline-alert`);
    expect(await seriousViolations(page)).toEqual([]);
    const offlineNoise =
      /net::ERR_(FAILED|INTERNET_DISCONNECTED) @ \S+\/(api\/auth\/get-session|socket\.io\/\?\S+)$/;
    expect(errors.splice(0).filter((e) => !offlineNoise.test(e))).toEqual([]);
    await smoker.context.close();
    await refused.context.close();
    await doorContext.close();
  });
});
