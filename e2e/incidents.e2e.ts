// Incidents and bans at both viewports. An event is under way at Kápital (the demo CEO's club). A person gets a
// ticket; the door logs a fight with that ticket and bans its holder; the same QR then scans VETADO with the
// reason for the door, while the holder is only told that entry is refused. The CEO opens the club's incidents
// page, sees the incident and the ban, lifts it, and the ticket scans VÁLIDA again.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import {
  asDemo,
  ARTIFACTS,
  launch,
  newContext,
  snap,
  watchErrors,
  VIEWPORTS,
  type ViewportName,
} from './browser.ts';
import { seriousViolations } from './axe.ts';
import * as door from './door-setup.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

let browser: Browser;
let ceo: APIRequestContext;
let event: door.DoorEvent;

beforeAll(async () => {
  browser = await launch();
  event = await door.eventUnderWay(dataDir, 'Noche de incidentes', [
    { name: 'General', priceCents: 0, capacity: 300 },
  ]);
  ceo = await door.ceoRequest(baseURL);
});
afterAll(async () => {
  await ceo?.dispose();
  await browser?.close();
});

const signUp = (context: BrowserContext, first: string, last: string) =>
  door.signUp(context, baseURL, first, last);
const { upload, nextScan } = door;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('incidents at %s', (viewport) => {
  it('the door logs an incident with a ban, the ticket scans VETADO, the CEO sees it and lifts the ban', async () => {
    // The holder and a picture of their QR.
    const holderContext = await newContext(browser, viewport, baseURL);
    const holder = await signUp(holderContext, 'Iker', viewport === 'phone' ? 'Vetado' : 'Vetadez');
    const got = await holderContext.request.post('/api/tickets', {
      headers: { origin: baseURL, 'idempotency-key': `incidents-${viewport}-${Date.now()}` },
      data: { ticketTypeId: `${event.id}-tt1`, quantity: 1 },
    });
    expect(got.status(), await got.text()).toBe(201);
    const ticketId = ((await got.json()) as { tickets: { id: string }[] }).tickets[0]!.id;
    const ticketPage = await holderContext.newPage();
    await ticketPage.goto(`/tickets?ticket=${encodeURIComponent(ticketId)}`);
    const qr = ticketPage.getByTestId('ticket-qr');
    await qr.waitFor();
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const qrFile = path.join(ARTIFACTS, `incidents-${viewport}-qr.png`);
    await qr.screenshot({ path: qrFile });
    await ticketPage.close();

    // A door account of Kápital.
    const doorContext = await newContext(browser, viewport, baseURL);
    const door = await signUp(doorContext, 'Nora', viewport === 'phone' ? 'Puerta' : 'Portera');
    const added = await ceo.post(`/api/clubs/${event.clubId}/staff`, { data: { login: door.username } });
    expect(added.status(), await added.text()).toBe(201);

    const page = await doorContext.newPage();
    const errors = watchErrors(page);
    await page.goto(`/puerta/${event.id}`);
    await page.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');

    // The incident, with the holder's ticket and a ban.
    await page.getByRole('button', { name: 'Registrar incidente' }).click();
    const form = page.getByTestId('incident-form');
    await form.getByLabel('Tipo').selectOption('fight');
    await form.getByLabel('Qué pasó').fill('Empujó a otro cliente en la pista y se negó a salir.');
    await form.getByLabel('Personas implicadas (entradas)').fill(holder.name);
    await form.getByRole('button', { name: `Añadir a ${holder.name} (General)` }).click();
    await form.getByRole('checkbox', { name: 'Vetar a estas personas en la discoteca' }).check();
    await form.getByLabel('Motivo del veto (solo lo ve el personal)').fill('Pelea en la pista');
    await form.getByTestId('incident-photo').setInputFiles(qrFile);
    await snap(page, `incidents-${viewport}-01-door-form`);
    await form.getByRole('button', { name: 'Guardar incidente' }).click();
    await page.getByText('Incidente registrado y 1 persona vetada').waitFor();
    await page.getByTestId('incident-list').getByText('Empujó a otro cliente').waitFor();
    await snap(page, `incidents-${viewport}-02-door-logged`);
    expect(await seriousViolations(page)).toEqual([]);

    // The ticket scans red, with the reason for the door.
    await upload(page, qrFile);
    const result = page.getByTestId('scan-result');
    expect(await result.getAttribute('data-outcome')).toBe('banned');
    await result.getByText('VETADO', { exact: true }).waitFor();
    await result.getByText(/Vetado en esta discoteca indefinidamente\. Motivo: Pelea en la pista/).waitFor();
    await snap(page, `incidents-${viewport}-03-vetado`);
    await nextScan(page);

    // The holder is told entry is refused, never why.
    const notes = await (await holderContext.request.get('/api/notifications')).text();
    expect(notes).toContain('No se permite tu entrada');
    expect(notes).not.toContain('Pelea en la pista');
    expect(notes).not.toContain('Empujó');

    // The CEO sees the incident and the ban, and lifts it.
    const ceoContext = await newContext(browser, viewport, baseURL);
    await asDemo(ceoContext, 'ceo');
    const ceoPage = await ceoContext.newPage();
    const ceoErrors = watchErrors(ceoPage);
    await ceoPage.goto(`/gestion/discotecas/${event.clubId}/incidentes`);
    await ceoPage.getByRole('heading', { name: 'Incidentes y vetos', level: 1 }).waitFor();
    await ceoPage.getByTestId('incident-list').getByText('Empujó a otro cliente').first().waitFor();
    const banItem = ceoPage.getByTestId('ban-list').getByRole('listitem').filter({ hasText: holder.name });
    await banItem.getByText('Pelea en la pista').waitFor();
    const photo = ceoPage.getByRole('img', { name: 'Foto del incidente' }).first();
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await snap(ceoPage, `incidents-${viewport}-04-ceo`);
    expect(await seriousViolations(ceoPage)).toEqual([]);
    await banItem.getByRole('button', { name: 'Levantar veto' }).click();
    const confirm = ceoPage.getByRole('alertdialog', { name: 'Levantar un veto' });
    await confirm.getByText(`¿Levantar el veto de ${holder.name}? Podrá volver a entrar.`).waitFor();
    // The app's own modal, not the browser's confirm: focus starts on "Cancelar", and Tab from its last button
    // (or Shift+Tab from its first) stays inside it instead of reaching the page behind or the browser.
    const focused = () =>
      ceoPage.evaluate(() => ({
        name: document.activeElement?.textContent?.trim(),
        inside: !!document.activeElement?.closest('dialog[open]'),
      }));
    expect(await focused()).toEqual({ name: 'Cancelar', inside: true });
    await ceoPage.keyboard.press('Tab');
    expect(await focused()).toEqual({ name: 'Levantar veto', inside: true });
    await ceoPage.keyboard.press('Tab');
    expect(await focused()).toEqual({ name: 'Cancelar', inside: true });
    await ceoPage.keyboard.press('Shift+Tab');
    expect(await focused()).toEqual({ name: 'Levantar veto', inside: true });
    await snap(ceoPage, `incidents-${viewport}-04b-ceo-confirm`);
    expect(await seriousViolations(ceoPage)).toEqual([]);
    // Escape keeps the ban; asked again, "Levantar veto" lifts it.
    await ceoPage.keyboard.press('Escape');
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await banItem.isVisible()).toBe(true);
    await banItem.getByRole('button', { name: 'Levantar veto' }).click();
    await confirm.getByRole('button', { name: 'Levantar veto' }).click();
    await ceoPage.getByText('Veto levantado').waitFor();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await banItem.waitFor({ state: 'detached' });
    await snap(ceoPage, `incidents-${viewport}-05-ceo-lifted`);
    expect(ceoErrors).toEqual([]);
    await ceoContext.close();

    // Once lifted, the same QR lets them in.
    await upload(page, qrFile);
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await nextScan(page);
    expect(errors).toEqual([]);
    await holderContext.close();
    await doorContext.close();
  });
});
