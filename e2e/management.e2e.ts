// Running a club at both viewports: the CEO creates an event with two ticket types from their dashboard,
// publishes it and finds it on /eventos; the admin opens a night's analytics, sees the sales chart and
// downloads a table as CSV.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import {
  asDemo,
  gotoLive,
  launch,
  newContext,
  snap,
  type ViewportName,
  VIEWPORTS,
  watchErrors,
} from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signIn(context: BrowserContext, who: 'ceo' | 'admin') {
  await asDemo(context, who);
}

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
    const signUp = await buyer.request.post('/api/auth/sign-up/email', {
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
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
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
    const typesCard = page.getByRole('region', { name: 'Por tipo de entrada' });
    expect(await typesCard.getByRole('row', { name: new RegExp(target!.type) }).count()).toBeGreaterThan(0);
    await snap(page, `management-event-analytics-${viewport}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      typesCard.getByRole('link', { name: /CSV/ }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(download.suggestedFilename()).toMatch(/-types\.csv$/);
    expect(csv.replace('\uFEFF', '').split('\n')[0]).toBe('tipo,plazas,vendidas,ingresos_eur,entradas');
    expect(csv).toContain(target!.type);
    expect(errors).toEqual([]);
    await context.close();
  });
});
