// Running a club at both viewports: the CEO creates an event with two ticket types from their dashboard,
// publishes it and finds it on /eventos; the admin opens a night's analytics, sees the sales chart and
// downloads a table as CSV; the CEO reads what a night has brought in (door tickets nobody has paid are money
// expected, not received) and the club's figures, every table scrolling inside itself, never the page.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { madridWallClock, nightStart } from '@nocturna/shared/madrid-time';
import {
  asDemo,
  demoRequest,
  gotoLive,
  launch,
  newContext,
  snap,
  type ViewportName,
  VIEWPORTS,
  watchErrors,
} from './browser.ts';
import { seriousViolations } from './axe.ts';
import { signUp } from './people-setup.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signIn(context: BrowserContext, who: 'ceo' | 'admin') {
  await asDemo(context, who);
}

// The page itself never scrolls sideways: only a table's own box does.
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const kpi = (page: Page, label: string) =>
  page
    .getByTestId('kpi')
    .filter({ has: page.getByText(label, { exact: true }) })
    .getByTestId('kpi-value');
// Euros as the pages write them in Spanish: "15 €", "12,50 €", "12.345 €".
function euros(cents: number): string {
  let whole = String(Math.floor(cents / 100));
  if (whole.length >= 5) whole = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  const rest = cents % 100;
  return `${rest ? `${whole},${String(rest).padStart(2, '0')}` : whole} €`;
}
const text = async (locator: Locator) => (await locator.textContent())?.replace(/\u00a0/g, ' ');

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('running a club at %s', (viewport) => {
  it('a CEO creates an event with two ticket types, publishes it and it appears on /eventos', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(context, 'ceo');
    const name = `Noche de prueba ${viewport} ${Date.now().toString(36)}`;
    const date = madridWallClock(new Date(Date.now() + 9 * 86_400_000)).date;

    await gotoLive(page, '/ceo/dashboard');
    await page.getByRole('heading', { name: 'Panel CEO' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Acciones rápidas' })
      .getByRole('link', { name: 'Nuevo evento' })
      .click();
    const details = page.getByRole('form', { name: 'Datos del evento' });
    await details.getByLabel('Nombre', { exact: true }).fill(name);
    await details.getByLabel('Fecha').fill(date);
    await details.getByLabel('Empieza').fill('23:30');
    await details.getByLabel('Termina').fill('06:00');
    await details.getByRole('button', { name: 'Techno' }).click();
    await details.getByRole('button', { name: 'Añadir DJ' }).click();
    await details.getByLabel('Nombre del DJ').fill('Amelie Lens');
    await details.getByRole('button', { name: 'Crear borrador' }).click();

    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The page it leads to is drawn in the browser: the address changes once its module has loaded.
    await page.waitForURL(/\/gestion\/eventos\/[^/]+$/);
    const add = page.getByRole('form', { name: 'Nuevo tipo de entrada' });
    for (const [type, price, places] of [
      ['General', '15', '200'],
      ['VIP', '40', '50'],
    ] as const) {
      await add.getByLabel('Nombre', { exact: true }).fill(type);
      await add.getByLabel('Precio (€)').fill(price);
      await add.getByLabel('Plazas').fill(places);
      await add.getByRole('button', { name: 'Añadir entrada' }).click();
      await page.getByTestId('managed-ticket-type').filter({ hasText: type }).waitFor();
    }
    await expect.poll(() => page.getByTestId('managed-ticket-type').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText('Publicado', { exact: true }).waitFor();
    await snap(page, `management-event-editor-${viewport}`);

    await gotoLive(page, `/eventos?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('link', { name: new RegExp(name) }).first();
    await card.waitFor();
    await card.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const offers = page.getByTestId('ticket-offer');
    await expect.poll(() => offers.count()).toBe(2);
    expect(await offers.first().textContent()).toContain('General');
    expect(await offers.nth(1).textContent()).toContain('VIP');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin opens an event’s analytics, sees the sales chart and downloads the table as CSV', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // A night with sales: a new person gets two free places on an upcoming event.
    const buyer = await newContext(browser, viewport, baseURL);
    const handle = `fan_${viewport}_${Date.now().toString(36)}`;
    const signedUp = await buyer.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL },
      data: {
        email: `${handle}@example.com`,
        password: 'Noche-de-Lavapies-42',
        name: 'Fan Analítica',
        firstName: 'Fan',
        lastName: 'Analítica',
        username: handle,
        phoneNumber: '+34612345678',
        dateOfBirth: '1999-02-01',
        gender: 'male',
        acceptTerms: true,
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const events = (await (await buyer.request.get('/api/events?limit=40')).json()) as {
      items: { id: string; name: string }[];
    };
    let target: { id: string; name: string; type: string } | undefined;
    for (const event of events.items) {
      const offers = (await (await buyer.request.get(`/api/events/${event.id}/ticket-types`)).json()) as {
        types: { id: string; name: string; kind: string; availability: string }[];
      };
      const free = offers.types.find((o) => o.kind === 'free' && o.availability === 'on_sale');
      if (free) {
        target = { id: event.id, name: event.name, type: free.name };
        const got = await buyer.request.post('/api/tickets', {
          headers: { origin: baseURL, 'idempotency-key': crypto.randomUUID() },
          data: { ticketTypeId: free.id, quantity: 2 },
        });
        expect(got.status(), await got.text()).toBe(201);
        break;
      }
    }
    expect(target).toBeDefined();
    await buyer.close();

    await signIn(context, 'admin');
    await gotoLive(page, `/admin/evento/${target!.id}/analytics`);
    await page.getByRole('heading', { name: target!.name, level: 1 }).waitFor();
    const chart = page.getByTestId('sales-chart');
    // The area of the type just bought: another type of the night may have sold nothing yet (a flat, hidden area).
    await chart.locator(`.recharts-area-area[name="${target!.type}"]`).waitFor();
    const typesCard = page.getByRole('region', { name: 'Por tipo de entrada', exact: true });
    expect(await typesCard.getByRole('row', { name: new RegExp(target!.type) }).count()).toBeGreaterThan(0);
    await snap(page, `management-event-analytics-${viewport}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      typesCard.getByRole('link', { name: /CSV/ }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/-types\.csv$/);
    expect(csv.replace('\uFEFF', '').split('\n')[0]).toBe(
      'Tipo,Plazas,Vendidas,Ingresos (€),Por cobrar en puerta (€),Entraron',
    );
    expect(csv).toContain(target!.type);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('a CEO sees door tickets nobody has paid as money expected at the door, and every figure fits the screen', async () => {
    const tag = `${viewport} ${Date.now().toString(36)}`;
    // A night of the demo CEO's club in five days, paid at the door, 15 €; a new person gets two places.
    const ceo = await demoRequest(baseURL, 'ceo');
    const clubs = (await (await ceo.get('/api/manage/clubs')).json()) as { items: { id: string }[] };
    const clubId = clubs.items[0]!.id;
    const created = await ceo.post('/api/manage/events', {
      data: {
        clubId,
        name: `Puerta por cobrar ${tag}`,
        date: madridWallClock(new Date(Date.now() + 5 * 86_400_000)).date,
        startTime: '23:30',
        endTime: '06:00',
        minimumAge: 18,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const night = (await created.json()) as { id: string; name: string };
    const typed = await ceo.post(`/api/manage/events/${night.id}/ticket-types`, {
      data: { name: 'Taquilla', priceCents: 1500, capacity: 100, payment: 'door' },
    });
    expect(typed.ok(), await typed.text()).toBe(true);
    const typeId = ((await typed.json()) as { items: { id: string }[] }).items.at(-1)!.id;
    const published = await ceo.post(`/api/manage/events/${night.id}/status`, {
      data: { status: 'published' },
    });
    expect(published.ok(), await published.text()).toBe(true);
    const buyer = await newContext(browser, viewport, baseURL);
    await signUp(buyer, baseURL, 'Fan', 'Puerta');
    const got = await buyer.request.post('/api/tickets', {
      headers: { origin: baseURL, 'idempotency-key': crypto.randomUUID() },
      data: { ticketTypeId: typeId, quantity: 2 },
    });
    expect(got.status(), await got.text()).toBe(201);
    await buyer.close();

    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(context, 'ceo');

    // The night: nothing received yet, 30 € expected at the door, apart and labelled so.
    await gotoLive(page, `/ceo/evento/${night.id}/analytics`);
    await page.getByRole('heading', { name: night.name, level: 1 }).waitFor();
    await expect.poll(() => text(kpi(page, 'Ingresos'))).toBe('0 €');
    expect(await text(kpi(page, 'Por cobrar en puerta'))).toBe('30 €');
    expect(await text(kpi(page, 'Entraron'))).toBe('0');
    const types = page.getByRole('region', { name: 'Tabla: Por tipo de entrada' });
    const cells = await types
      .getByRole('row', { name: /Taquilla/ })
      .getByRole('cell')
      .allTextContents();
    expect(cells.map((c) => c.replace(/\u00a0/g, ' '))).toEqual(['Taquilla', '100', '2', '0 €', '30 €', '0']);
    expect(await pageScrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `analytics-night-money-${viewport}`);

    // The club: the figures the page was answered, best nights only of nights over.
    await ceo.dispose();
    const answered = page.waitForResponse((r) => r.url().includes(`/api/analytics/clubs/${clubId}`));
    await gotoLive(page, `/ceo/discoteca/${clubId}/analytics`);
    const figures = (await (await answered).json()) as {
      totals: { revenueCents: number; expectedAtDoorCents: number };
      bestNights: { startAt: string }[];
    };
    const allNights = page.getByRole('region', { name: 'Tabla: Todas las noches' });
    await allNights.getByRole('row', { name: new RegExp(night.name) }).waitFor();
    expect(await text(kpi(page, 'Ingresos'))).toBe(euros(figures.totals.revenueCents));
    expect(await text(kpi(page, 'Por cobrar en puerta'))).toBe(euros(figures.totals.expectedAtDoorCents));
    expect(figures.totals.expectedAtDoorCents).toBeGreaterThanOrEqual(3000);
    const tonight = new Date(nightStart(new Date())).getTime();
    expect(figures.bestNights.every((n) => new Date(n.startAt).getTime() < tonight)).toBe(true);
    const best = page.getByRole('region', { name: 'Mejores noches', exact: true });
    expect(await best.getByText(night.name).count()).toBe(0);
    expect(await best.getByRole('listitem').count()).toBe(figures.bestNights.length);
    expect(await pageScrollsSideways(page)).toBe(false);
    // A keyboard reaches the table's box and scrolls it; on a phone the last column is past its edge.
    await allNights.focus();
    const wider = await allNights.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(wider).toBe(viewport === 'phone');
    if (wider) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => allNights.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await pageScrollsSideways(page)).toBe(false);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `analytics-club-${viewport}`);

    // The CSV: the page's language and labels, the night's start on Madrid's clock.
    const card = page.getByRole('region', { name: 'Todas las noches', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /CSV/ }).click(),
    ]);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace('\uFEFF', '')
      .split('\n');
    expect(lines[0]).toBe(
      'Noche,Evento,Estado,Empieza,Plazas,Vendidas,Ingresos (€),Por cobrar en puerta (€),Entraron',
    );
    const line = lines.find((l) => l.includes(night.name));
    expect(line).toContain(',publicado,');
    expect(line).toContain(
      `${madridWallClock(new Date(Date.now() + 5 * 86_400_000)).date} 23:30,100,2,0.00,30.00,0`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
