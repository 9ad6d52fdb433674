// The door on small phones (360 and 390 px wide) and the ticket's short code. In every state of the door (the
// event list, the scanner, the manual search and its results, the verdicts, the incidents card) the page never
// scrolls sideways; a verdict fills the screen centred with "Escanear siguiente" in the thumb's reach at the
// bottom. The ticket screen shows the code in two groups of four, and the door's search finds the ticket by it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { ARTIFACTS, launch, newContext, snap, watchErrors } from './browser.ts';
import * as door from './door-setup.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');

const WIDTHS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
] as const;

let browser: Browser;
let ceo: APIRequestContext;
let tonight: door.DoorEvent;
let later: door.DoorEvent;

beforeAll(async () => {
  browser = await launch();
  tonight = await door.eventUnderWay(dataDir, 'Noche estrecha en la puerta', [
    { name: 'General', priceCents: 1500, capacity: 300 },
  ]);
  // Starts in five hours: its doors are not open yet ("AÚN NO").
  later = await door.eventUnderWay(
    dataDir,
    'Sesión de madrugada en la puerta',
    [{ name: 'Anticipada', priceCents: 1000, capacity: 100 }],
    6,
  );
  ceo = await door.ceoRequest(baseURL);
});
afterAll(async () => {
  await ceo?.dispose();
  await browser?.close();
});

// Nothing wider than the screen: the page cannot be scrolled sideways. On a phone, content wider than the
// screen also widens the layout viewport (innerWidth), so that is held to the screen's width as well.
async function fitsWidth(page: Page, state: string) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    inner: window.innerWidth,
  }));
  const screen = page.viewportSize()!.width;
  expect(scroll, `${state}: page ${scroll} px wide on a ${inner} px screen`).toBeLessThanOrEqual(inner);
  expect(inner, `${state}: layout viewport ${inner} px on a ${screen} px screen`).toBe(screen);
}

// The verdict's headline centred on the screen, and "Escanear siguiente" whole on screen, in its lower half.
async function verdictFits(page: Page, state: string) {
  await fitsWidth(page, state);
  const { width, height } = page.viewportSize()!;
  const headline = (await page.locator('#scan-outcome').boundingBox())!;
  expect(Math.abs(headline.x + headline.width / 2 - width / 2), `${state}: headline centred`).toBeLessThan(2);
  expect(headline.x, state).toBeGreaterThanOrEqual(0);
  expect(headline.x + headline.width, state).toBeLessThanOrEqual(width);
  const next = (await page.getByRole('button', { name: 'Escanear siguiente' }).boundingBox())!;
  expect(next.x, state).toBeGreaterThanOrEqual(0);
  expect(next.x + next.width, state).toBeLessThanOrEqual(width);
  expect(next.y + next.height, `${state}: next action on screen`).toBeLessThanOrEqual(height);
  expect(next.y, `${state}: next action in the thumb's reach`).toBeGreaterThanOrEqual(height / 2);
}

describe.each(WIDTHS)('door at $width px', (size) => {
  it('fits the phone in every state and finds the ticket by the code its screen shows', async () => {
    const label = `w${size.width}`;
    // The holder: one ticket for tonight, one for the later event.
    const holderContext = await newContext(browser, 'phone', baseURL);
    const holder = await door.signUp(holderContext, baseURL, 'Marta', `Estrecha${size.width}`);
    const buy = async (eventId: string) => {
      const got = await holderContext.request.post('/api/tickets', {
        headers: { origin: baseURL, 'idempotency-key': `${label}-${eventId}-${Date.now()}` },
        data: { ticketTypeId: `${eventId}-tt1`, quantity: 1 },
      });
      expect(got.status(), await got.text()).toBe(201);
      return ((await got.json()) as { tickets: { id: string; code: string }[] }).tickets[0]!;
    };
    const ticket = await buy(tonight.id);
    const early = await buy(later.id);
    expect(ticket.code).toMatch(/^[2-9A-HJKMNPQRSTWXYZ]{8}$/);

    // The ticket screen: the code in two groups of four, and a low-density QR (version 6: 41 modules + margin).
    const holderPage = await holderContext.newPage();
    await holderPage.setViewportSize(size);
    const holderErrors = watchErrors(holderPage);
    const qrFile = async (t: { id: string; code: string }, name: string) => {
      await holderPage.goto(`/tickets?ticket=${encodeURIComponent(t.id)}`);
      const code = holderPage.getByTestId('ticket-code');
      await code.waitFor();
      expect(await code.innerText()).toBe(`${t.code.slice(0, 4)}-${t.code.slice(4)}`);
      const qr = holderPage.getByTestId('ticket-qr');
      const cells = Number((await qr.getAttribute('viewBox'))!.split(' ')[2]);
      expect(cells).toBeLessThanOrEqual(41 + 4);
      await fitsWidth(holderPage, 'ticket screen');
      const file = path.join(ARTIFACTS, `door-phone-${label}-${name}-qr.png`);
      await qr.screenshot({ path: file });
      return file;
    };
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const tonightQr = await qrFile(ticket, 'tonight');
    await snap(holderPage, `door-phone-${label}-01-ticket`);
    const earlyQr = await qrFile(early, 'later');
    expect(holderErrors).toEqual([]);

    // The door account.
    const doorContext = await newContext(browser, 'phone', baseURL);
    const doorPerson = await door.signUp(doorContext, baseURL, 'Pablo', `Estrecho${size.width}`);
    await door.addDoorStaff(ceo, doorPerson.username);
    const page = await doorContext.newPage();
    await page.setViewportSize(size);
    const errors = watchErrors(page);

    await page.goto('/puerta');
    await page.getByRole('link', { name: `Abrir la puerta de ${tonight.name}` }).waitFor();
    await fitsWidth(page, 'event list');
    await snap(page, `door-phone-${label}-02-events`);

    await page.getByRole('link', { name: `Abrir la puerta de ${tonight.name}` }).click();
    await page.getByRole('heading', { name: tonight.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');
    await fitsWidth(page, 'scanner');
    await snap(page, `door-phone-${label}-03-scanner`);

    // The manual search, by the code as the holder reads it out (lower case, with the dash).
    const search = page.getByLabel('Nombre, usuario o código de entrada');
    await search.fill(`${ticket.code.slice(0, 4)}-${ticket.code.slice(4)}`.toLowerCase());
    const row = page.locator(`li[data-ticket-id="${ticket.id}"]`);
    await row.waitFor();
    await row.getByText(holder.name).waitFor();
    expect(await row.getByTestId('search-code').innerText()).toBe(
      `${ticket.code.slice(0, 4)}-${ticket.code.slice(4)}`,
    );
    await row.getByText(/General/).waitFor();
    await row.scrollIntoViewIfNeeded();
    await fitsWidth(page, 'search results');
    await snap(page, `door-phone-${label}-04-search`);

    // Verdicts: let in from the search (VÁLIDA), the QR again (YA USADA), a ticket of another event (OTRO EVENTO).
    await row.getByRole('button', { name: `Dejar pasar a ${holder.name}` }).click();
    const result = page.getByTestId('scan-result');
    await result.waitFor();
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await verdictFits(page, 'VÁLIDA');
    await snap(page, `door-phone-${label}-05-valida`);
    await door.nextScan(page);

    await door.upload(page, tonightQr);
    expect(await result.getAttribute('data-outcome')).toBe('already_used');
    await verdictFits(page, 'YA USADA');
    await snap(page, `door-phone-${label}-06-ya-usada`);
    await door.nextScan(page);

    await door.upload(page, earlyQr);
    expect(await result.getAttribute('data-outcome')).toBe('wrong_event');
    await verdictFits(page, 'OTRO EVENTO');
    await door.nextScan(page);

    // The incidents card, at the bottom of the door, with its form open.
    await page.getByRole('button', { name: 'Registrar incidente' }).click();
    await page.getByTestId('incident-form').scrollIntoViewIfNeeded();
    await fitsWidth(page, 'incidents');
    await snap(page, `door-phone-${label}-07-incidents`);

    // The later event's door: its ticket is AÚN NO, the verdict from the report.
    await page.goto(`/puerta/${later.id}`);
    await page.getByRole('heading', { name: later.name, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('pack-status').getAttribute('data-state')).toBe('ready');
    await door.upload(page, earlyQr);
    expect(await result.getAttribute('data-outcome')).toBe('not_yet_valid');
    await result.getByText('AÚN NO').waitFor();
    await verdictFits(page, 'AÚN NO');
    await snap(page, `door-phone-${label}-08-aun-no`);
    await door.nextScan(page);

    expect(errors).toEqual([]);
    await holderContext.close();
    await doorContext.close();
  });
});
