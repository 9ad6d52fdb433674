// The door at both viewports. An event is under way at Kápital, which the demo CEO runs. A person gets a
// ticket and opens it on /tickets; the CEO adds a door account to Kápital from the CEO dashboard; the door
// opens /puerta, picks the event and feeds a photo of the QR through "Subir imagen": VÁLIDA, then "YA USADA"
// on the second scan. Offline: the door preloads the event, loses the network (context.setOffline), still
// answers VÁLIDA from the pack with the entry queued, and syncs it once the network is back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { asDemo, launch, newContext, snap, watchErrors, VIEWPORTS, type ViewportName } from './browser.ts';
import { seriousViolations } from './axe.ts';
import * as door from './door-setup.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

let browser: Browser;
let ceo: APIRequestContext;
let event: door.DoorEvent;

beforeAll(async () => {
  browser = await launch();
  event = await door.eventUnderWay(dataDir, 'Noche de prueba en la puerta', [
    { name: 'General', priceCents: 1500, capacity: 300 },
    { name: 'Lista gratis', priceCents: 0, capacity: 50 },
  ]);
  ceo = await door.ceoRequest(baseURL);
});
afterAll(async () => {
  await ceo?.dispose();
  await browser?.close();
});

const signUp = (context: BrowserContext, first: string, last: string) =>
  door.signUp(context, baseURL, first, last);
const holderWithTicket = (viewport: ViewportName, label: string) =>
  door.holderWithTicket(browser, baseURL, event.id, viewport, label);
const addDoorStaff = (username: string) => door.addDoorStaff(ceo, username);
const { ticketStatus, upload, nextScan } = door;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('door at %s', (viewport) => {
  it('a CEO adds a door account, which scans a ticket: VÁLIDA, then YA USADA', async () => {
    const holder = await holderWithTicket(viewport, `${viewport}-online`);

    // The CEO adds the door account from their dashboard.
    const doorContext = await newContext(browser, viewport, baseURL);
    // A name of its own per viewport: both runs add their door person to the same club's team.
    const doorPerson = await signUp(doorContext, 'Pablo', viewport === 'phone' ? 'Portela' : 'Portero');
    const ceoContext = await newContext(browser, viewport, baseURL);
    await asDemo(ceoContext, 'ceo');
    const ceoPage = await ceoContext.newPage();
    const ceoErrors = watchErrors(ceoPage);
    await ceoPage.goto('/ceo/dashboard');
    const kapitalCard = ceoPage.getByRole('region', { name: 'Kápital' });
    await kapitalCard.getByLabel('Usuario o e-mail').fill(doorPerson.username);
    await kapitalCard.getByRole('button', { name: 'Añadir a la puerta' }).click();
    // The new member's row, or the form's error: a refused addition fails here with the error's words.
    await kapitalCard.getByText(doorPerson.name).or(kapitalCard.getByRole('alert')).waitFor();
    expect(await kapitalCard.getByRole('alert').allInnerTexts()).toEqual([]);
    await kapitalCard.getByText(doorPerson.name).waitFor();
    await ceoPage.getByRole('link', { name: `Abrir la puerta de ${event.name}` }).waitFor();
    await snap(ceoPage, `door-${viewport}-02-ceo-dashboard`);
    expect(await seriousViolations(ceoPage)).toEqual([]);
    expect(ceoErrors).toEqual([]);
    await ceoContext.close();

    // The door account finds tonight's event and opens its door.
    const page = await doorContext.newPage();
    const errors = watchErrors(page);
    await page.goto('/puerta');
    await page.getByRole('heading', { name: 'Puerta', level: 1 }).waitFor();
    await page.getByRole('link', { name: `Abrir la puerta de ${event.name}` }).click();
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');
    await snap(page, `door-${viewport}-03-door`);
    expect(await seriousViolations(page)).toEqual([]);
    const entriesBefore = Number(await page.getByTestId('aforo-entries').innerText());

    await upload(page, holder.qrFile);
    const result = page.getByTestId('scan-result');
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await result.getByText('VÁLIDA', { exact: true }).waitFor();
    await result.getByText(holder.name).waitFor();
    await result.getByText(/General/).waitFor();
    await snap(page, `door-${viewport}-04-valida`);
    expect(await ticketStatus(holder.context, holder.ticketId)).toBe('used');
    await nextScan(page);
    await expect
      .poll(async () => Number(await page.getByTestId('aforo-entries').innerText()))
      .toBe(entriesBefore + 1);

    await upload(page, holder.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('already_used');
    await result.getByText('YA USADA').waitFor();
    await result.getByText(/Entró a las \d\d:\d\d por Puerta principal/).waitFor();
    await snap(page, `door-${viewport}-05-ya-usada`);
    await nextScan(page);

    // The holder hears about it.
    const notes = (await (await holder.context.request.get('/api/notifications')).json()) as {
      items: { type: string }[];
    };
    expect(notes.items.some((n) => n.type === 'ticket_checked_in')).toBe(true);
    expect(errors).toEqual([]);
    await holder.context.close();
    await doorContext.close();
  });

  it("the demo door account signs in and opens Kápital's door", async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/login?from=%2Fpuerta');
    const form = page.locator('form');
    await form.getByLabel('Correo electrónico').fill('puerta@demo.nocturna.es');
    await form.getByLabel('Contraseña', { exact: true }).fill('nocturna');
    await form.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/puerta');
    await page.getByRole('heading', { name: 'Puerta', level: 1 }).waitFor();
    await page.getByRole('link', { name: `Abrir la puerta de ${event.name}` }).click();
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');
    await snap(page, `door-${viewport}-10-demo-door-account`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps working offline: VÁLIDA from the preloaded pack, queued, synced when the network returns', async () => {
    const holder = await holderWithTicket(viewport, `${viewport}-offline`);
    const doorContext = await newContext(browser, viewport, baseURL);
    const doorPerson = await signUp(doorContext, 'Olga', 'Offline');
    await addDoorStaff(doorPerson.username);
    const page = await doorContext.newPage();
    const errors = watchErrors(page);
    await page.goto(`/puerta/${event.id}`);
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');
    await page.waitForLoadState('networkidle');

    expect(errors).toEqual([]);
    await doorContext.setOffline(true);
    await expect.poll(() => page.getByTestId('door-connection').getAttribute('data-online')).toBe('false');
    await upload(page, holder.qrFile);
    const result = page.getByTestId('scan-result');
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await result.getByText('VÁLIDA', { exact: true }).waitFor();
    await result.getByText(holder.name).waitFor();
    await result.getByText('Sin conexión · se sincronizará al volver la señal').waitFor();
    await snap(page, `door-${viewport}-06-offline-valida`);
    await nextScan(page);
    expect(await page.getByTestId('pending-sync').getAttribute('data-count')).toBe('1');
    await page.getByText('1 registro pendiente de sincronizar').waitFor();
    // The same QR again at this door: already used, answered locally.
    await upload(page, holder.qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('already_used');
    await nextScan(page);
    await snap(page, `door-${viewport}-07-offline-pending`);
    // The server has not heard of it yet.
    expect(await ticketStatus(holder.context, holder.ticketId)).toBe('valid');

    // While the network is cut the browser logs the requests it could not make (the socket's reconnection
    // polls, the presence beacon): the network's doing, nothing the door did.
    const whileOffline = errors.splice(0);
    expect(
      whileOffline.filter((e) => !/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(e)),
    ).toEqual([]);
    await doorContext.setOffline(false);
    await expect
      .poll(() => page.getByTestId('pending-sync').getAttribute('data-count'), { timeout: 15_000 })
      .toBe('0');
    await page.getByText('Todo sincronizado').waitFor();
    expect(await ticketStatus(holder.context, holder.ticketId)).toBe('used');
    await snap(page, `door-${viewport}-08-synced`);
    // The auth client checks the session when the tab regains focus or the network; one made while the door was
    // offline fails at the network, which the browser logs. Anything else is a failure of the page.
    // The socket's reconnection poll can also be in flight as the network comes back.
    const offlineSessionCheck =
      /net::ERR_(FAILED|INTERNET_DISCONNECTED) @ \S+\/(api\/auth\/get-session|socket\.io\/\?\S+)$/;
    expect(errors.splice(0).filter((e) => !offlineSessionCheck.test(e))).toEqual([]);

    // Signing out leaves no holder's name on the phone: the door's packs go with the session.
    const doorKeys = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open('nocturna-door');
            open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
            open.onsuccess = () => {
              const request = open.result.transaction('door').objectStore('door').getAllKeys();
              request.onsuccess = () => resolve(request.result.map(String));
              request.onerror = () => reject(request.error ?? new Error('getAllKeys failed'));
            };
          }),
      );
    expect((await doorKeys()).filter((k) => k.startsWith('pack:'))).toHaveLength(1);
    await page.goto('/test-auth');
    expect(errors.splice(0)).toEqual([]);
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(doorKeys).toEqual([]);
    // A request already on its way when the session ends is refused by the server (401, or 400 for a presence
    // report without a session): the browser logs that status; anything else is still a failure.
    expect(errors.filter((e) => !/status of (401|400) /.test(e))).toEqual([]);
    await holder.context.close();
    await doorContext.close();
  });
});
