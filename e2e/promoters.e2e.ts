// At both viewports: the demo RPP copies her link for a night under way at Kápital from /rpp/dashboard; a
// new person opens it, signs up, buys a General ticket; the door (the demo CEO, who runs Kápital) scans its QR; the
// RPP's dashboard then shows one person in and the 2 € commission. The link's `?rpp=` travels in the browser (kept
// 7 days), not in the purchase URL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
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
import type { DemoAccount } from './global-setup.ts';
import { seriousViolations } from './axe.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const HOUR = 3600_000;

let browser: Browser;

async function eventUnderWay(label: string): Promise<{ id: string; slug: string; name: string }> {
  const { db } = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });
  try {
    const club = await db
      .selectFrom('clubs')
      .select(['id', 'name'])
      .where('slug', '=', 'kapital')
      .executeTakeFirstOrThrow();
    // A long name, as clubs write them: the promoter's page still fits a phone's width.
    const name = `Noche RPP ${label}: techno, house y disco hasta que salga el sol`;
    const slug = `noche-rpp-${label}-${Date.now().toString(36)}`;
    const start = new Date(Date.now() - HOUR);
    const id = await insertEvent(
      db,
      {
        slug,
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
    return { id, slug, name };
  } finally {
    await db.destroy();
  }
}

async function signedIn(viewport: ViewportName, who: DemoAccount): Promise<BrowserContext> {
  return asDemo(await newContext(browser, viewport, baseURL), who);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('promoters at %s', (viewport) => {
  it('a promoter copies her link, a newcomer buys through it, the door scans it, she sees 1 in and 2 €', async () => {
    const event = await eventUnderWay(viewport);

    // The promoter copies her link for tonight.
    const rpp = await signedIn(viewport, 'rpp');
    await rpp.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const rppPage = await rpp.newPage();
    const rppErrors = watchErrors(rppPage);
    await rppPage.goto('/rpp/dashboard');
    const card = rppPage.locator(`[data-testid="promoted-event"][data-event-id="${event.id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('event-checked-in').innerText()).toBe('0');
    expect(await rppPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await card.getByRole('button', { name: 'Copiar', exact: true }).click();
    await rppPage.getByText('Enlace copiado').waitFor();
    const link = await rppPage.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await card.getByTestId('rpp-link').innerText());
    expect(link).toBe(`${baseURL}/e/${event.slug}?rpp=RAQUEL`);
    await card.getByRole('button', { name: 'QR', exact: true }).click();
    await card.locator('svg title').first().waitFor({ state: 'attached' });
    await card.scrollIntoViewIfNeeded();
    await snap(rppPage, `promoters-${viewport}-01-dashboard`);
    expect(await seriousViolations(rppPage)).toEqual([]);

    // A newcomer opens the link, then signs up and buys: the link lives on in the browser.
    const buyer = await newContext(browser, viewport, baseURL);
    const page = await buyer.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, link.replace(baseURL, ''));
    await page.waitForURL(`**/evento/${event.slug}?rpp=RAQUEL`);
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('nocturna.rpp'))).toContain('RAQUEL');
    const n = `${viewport}${Date.now().toString(36)}`;
    // A name per viewport: both runs' people are inside tonight at Kápital.
    const last = viewport === 'phone' ? 'Móvil' : 'Escritorio';
    const signUp = await buyer.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL },
      data: {
        email: `nuevo_${n}@example.com`,
        password: 'Noche-de-Lavapies-42',
        name: `Nuria ${last}`,
        firstName: 'Nuria',
        lastName: last,
        username: `nuria_${n}`,
        phoneNumber: '+34612345678',
        dateOfBirth: '1996-02-11',
        gender: 'female',
        acceptTerms: true,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await gotoLive(page, `/evento/${event.slug}`);
    const get = page.getByRole('button', { name: 'Conseguir entrada General' });
    await get.scrollIntoViewIfNeeded();
    await get.click();
    const dialog = page.getByRole('dialog', { name: 'General' });
    await dialog.getByRole('button', { name: 'Confirmar entrada' }).click();
    await page.getByRole('heading', { name: '¡Entrada conseguida!' }).waitFor();
    await page.getByRole('link', { name: 'Ver mi entrada' }).click();
    await page.waitForURL('**/tickets?ticket=*');
    const qr = page.getByTestId('ticket-qr');
    await qr.waitFor();
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const qrFile = path.join(ARTIFACTS, `promoters-${viewport}-ticket-qr.png`);
    await qr.screenshot({ path: qrFile });
    expect(errors).toEqual([]);

    // The door scans it.
    const door = await signedIn(viewport, 'ceo');
    const doorPage = await door.newPage();
    await doorPage.goto(`/puerta/${event.id}`);
    await doorPage.getByRole('heading', { name: event.name, level: 1 }).waitFor();
    await doorPage.locator('input[type="file"]').setInputFiles(qrFile);
    const result = doorPage.getByTestId('scan-result');
    await result.waitFor();
    expect(await result.getAttribute('data-outcome')).toBe('valid');
    await result.getByText(`Nuria ${last}`).waitFor();
    await door.close();

    // Her dashboard: one person in, 2 € earned for this night.
    await rppPage.reload();
    await card.waitFor();
    expect(await card.getByTestId('event-sold').innerText()).toBe('1');
    expect(await card.getByTestId('event-checked-in').innerText()).toBe('1');
    expect(await card.getByTestId('event-earned').innerText()).toMatch(/^2\s€$/);
    await rppPage.getByText(/Esta noche: \d+ dentro/).waitFor();
    await rppPage.getByText(`Nuria ${last} · General`).waitFor();
    await snap(rppPage, `promoters-${viewport}-02-checked-in`);
    await rppPage.getByRole('heading', { name: 'Liquidaciones' }).scrollIntoViewIfNeeded();
    await snap(rppPage, `promoters-${viewport}-03-statements`);
    expect(rppErrors).toEqual([]);
    await buyer.close();
    await rpp.close();
  });

  it('the CEO sets a commission per ticket type for a promoter, refused in Spanish when it makes no sense', async () => {
    const event = await eventUnderWay(`reglas-${viewport}`);
    const ceo = await signedIn(viewport, 'ceo');
    const page = await ceo.newPage();
    const errors = watchErrors(page);
    await page.goto('/gestion/discotecas/kapital/rpp');
    await page.getByRole('heading', { name: 'RPP de la discoteca', level: 1 }).waitFor();
    const row = page.getByTestId('club-promoter').filter({ hasText: 'RAQUEL' });
    await row.getByRole('button', { name: 'Comisiones' }).click();
    const rules = row.getByTestId('commission-rules');
    await rules.waitFor();
    const typeId = `${event.id}-tt1`;
    await rules.getByRole('combobox', { name: 'Tipo de entrada' }).selectOption(typeId);
    const byType = rules
      .locator('form')
      .filter({ has: page.getByRole('combobox', { name: 'Tipo de entrada' }) });
    await byType.getByRole('combobox', { name: 'Comisión' }).selectOption('percent');
    const amount = byType.getByRole('textbox', { name: '% del precio' });
    await amount.fill('150');
    await byType.getByRole('button', { name: 'Añadir regla' }).click();
    expect(await byType.getByRole('alert').innerText()).toBe('Un porcentaje es como mucho el 100 %.');
    await amount.fill('10');
    await byType.getByRole('button', { name: 'Añadir regla' }).click();
    await page.getByText('Regla guardada').waitFor();
    const rule = rules.getByTestId('commission-rule').filter({ hasText: event.name });
    await rule.getByText('10 %').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await rule.scrollIntoViewIfNeeded();
    await snap(page, `promoters-${viewport}-07-commission-rules`);
    expect(await seriousViolations(page)).toEqual([]);

    // The server keeps it: Raquel earns 10 % of a General ticket of that night (1,50 €) when it is used.
    const listed = await ceo.request.get('/api/clubs/kapital/promoters');
    const raquel = ((await listed.json()) as { items: { code: string; rules: unknown[] }[] }).items.find(
      (p) => p.code === 'RAQUEL',
    );
    expect(raquel?.rules).toContainEqual(
      expect.objectContaining({ ticketTypeId: typeId, commission: { kind: 'percent', value: 1000 } }),
    );

    // The statement panel: the period with its events and the button that pays it.
    await row.getByRole('button', { name: 'Liquidaciones' }).click();
    await row.getByTestId('statement').waitFor();
    const payPeriod = row.getByRole('button', { name: /^Pagar el periodo \([\d,.]+\s€\)$/ });
    await payPeriod.waitFor();
    await payPeriod.scrollIntoViewIfNeeded();
    await snap(page, `promoters-${viewport}-08-ceo-statement`);
    // Paying asks first, in the app's dialog; "Cancelar" leaves the period unpaid.
    await payPeriod.click();
    const asking = page.getByRole('alertdialog', { name: 'Pagar el periodo' });
    await asking.getByText(/^¿Marcar pagado el periodo por [\d,.]+\s€\?/).waitFor();
    await snap(page, `promoters-${viewport}-08b-ceo-pay-confirm`);
    await asking.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => asking.isVisible()).toBe(false);
    expect(await payPeriod.isVisible()).toBe(true);

    // Taken away again: the default applies.
    await row.getByRole('button', { name: 'Comisiones' }).click();
    await rule.getByRole('button', { name: /Quitar/ }).click();
    await page.getByText('Regla quitada: vuelve la comisión por defecto').waitFor();
    await expect
      .poll(() => rules.getByTestId('commission-rule').filter({ hasText: event.name }).count())
      .toBe(0);
    expect(errors).toEqual([]);
    await ceo.close();
  });

  it('the DJ dashboard, a DJ page and Mi noche show the demo data', async () => {
    const dj = await signedIn(viewport, 'dj');
    const page = await dj.newPage();
    const errors = watchErrors(page);
    await page.goto('/dj/dashboard');
    await page.getByRole('heading', { name: 'Panel de DJ', level: 1 }).waitFor();
    await page.getByTestId('dj-gig').first().waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).first().waitFor();
    await snap(page, `promoters-${viewport}-04-dj-dashboard`);
    expect(await seriousViolations(page)).toEqual([]);

    // Their own DJ photo (not the account avatar), through the image pipeline, on their public page. The other
    // viewport's run may have left one already: the new photo is the one whose address differs from it.
    const shown = page.getByTestId('dj-photo').locator('img');
    const before = (await shown.count()) ? await shown.getAttribute('src') : null;
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a21caf' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Foto de tu perfil de DJ').setInputFiles({
      name: 'cabina.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByText('Foto guardada').waitFor();
    await expect.poll(() => shown.getAttribute('src')).not.toBe(before);
    const src = await shown.getAttribute('src');
    expect(src).toMatch(/^\/media\/djs\/[0-9a-f-]{36}\.webp$/);
    await page.getByTestId('dj-photo').scrollIntoViewIfNeeded();
    await snap(page, `promoters-${viewport}-04b-dj-photo`);
    await page.goto('/dj/dj-diego');
    await page.getByRole('heading', { name: 'Diego Jiménez', level: 1 }).waitFor();
    expect(await page.locator('article header img').getAttribute('src')).toBe(src);
    await page.getByTestId('dj-followers').waitFor();
    await snap(page, `promoters-${viewport}-05-dj-profile`);
    expect(errors).toEqual([]);
    await dj.close();

    const user = await signedIn(viewport, 'user');
    const night = await user.newPage();
    const nightErrors = watchErrors(night);
    await night.goto('/dashboard');
    await night.getByRole('heading', { name: 'Mi noche', level: 1 }).waitFor();
    await night.getByRole('heading', { name: 'Tus DJs' }).waitFor();
    await night.getByRole('link', { name: 'Diego Jiménez' }).first().waitFor();
    await snap(night, `promoters-${viewport}-06-mi-noche`);
    expect(await seriousViolations(night)).toEqual([]);
    expect(nightErrors).toEqual([]);
    await user.close();
  });
});
