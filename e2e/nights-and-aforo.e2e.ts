// On a phone: an event that starts at 00:00 is shown as the night it belongs to ("noche del sábado 28 nov ·
// 00:00–06:00"), not as the next day; and the door and the CEO panel show the club's one aforo with the places
// on sale told apart ("350 plazas a la venta de 2500 de aforo").
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { madridInstant, madridWallClock, nightStart } from '../packages/shared/src/madrid-time.ts';
import { openDatabase } from '../apps/server/src/db/connect.ts';
import { insertEvent } from '../apps/server/src/seed/catalogue-writer.ts';
import { launch, newContext, snap, watchErrors } from './browser.ts';
import * as door from './door-setup.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const HOUR = 3600_000;
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

let browser: Browser;
let afterMidnight: { name: string; label: string };
let underWay: door.DoorEvent;

// Tomorrow's night at Kápital, starting at 00:00 (the calendar day after the night's date), 00:00–06:00.
async function eventAtMidnight(name: string): Promise<{ name: string; label: string }> {
  // Noon of tomorrow's night's date, and 00:00 of the calendar day after it.
  const date = madridWallClock(new Date(nightStart(new Date()).getTime() + 30 * HOUR)).date;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const dayAfter = madridWallClock(new Date(madridInstant(date, '12:00').getTime() + 24 * HOUR)).date;
  const midnight = madridInstant(dayAfter, '00:00');
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const { db } = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'nocturna.db') });
  try {
    const club = await db
      .selectFrom('clubs')
      .select(['id', 'name'])
      .where('slug', '=', 'kapital')
      .executeTakeFirstOrThrow();
    await insertEvent(
      db,
      {
        slug: `medianoche-${Date.now().toString(36)}`,
        clubId: club.id,
        name,
        startAt: midnight,
        endAt: new Date(midnight.getTime() + 6 * HOUR),
        ticketTypes: [{ name: 'General', priceCents: 1500, capacity: 300 }],
      },
      club.name,
    );
  } finally {
    await db.destroy();
  }
  return { name, label: `noche del ${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]} · 00:00–06:00` };
}

beforeAll(async () => {
  browser = await launch();
  afterMidnight = await eventAtMidnight(`Medianoche de prueba ${Date.now().toString(36)}`);
  underWay = await door.eventUnderWay(dataDir, 'Aforo de prueba', [
    { name: 'General', priceCents: 1500, capacity: 300 },
    { name: 'Lista gratis', priceCents: 0, capacity: 50 },
  ]);
});
afterAll(async () => browser?.close());

describe('nights and aforo on a phone', () => {
  it('a card names the night an after-midnight event belongs to', async () => {
    const context = await newContext(browser, 'phone', baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/eventos?q=${encodeURIComponent(afterMidnight.name)}`);
    const card = page.locator('article', { hasText: afterMidnight.name });
    await card.waitFor();
    // The card writes it in capitals; its text is the label.
    expect((await card.textContent())?.replace(/\u00a0/g, ' ')).toContain(afterMidnight.label);
    await snap(page, 'nights-card-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the door and the CEO panel say how much of the aforo is on sale', async () => {
    const context = await newContext(browser, 'phone', baseURL);
    const signedIn = await context.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: 'ceo@demo.nocturna.es', password: 'nocturna' },
    });
    expect(signedIn.status()).toBe(200);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/puerta/${underWay.id}`);
    const meter = page.getByTestId('aforo');
    await meter.waitFor();
    await expect.poll(() => meter.textContent()).toContain('/ 2500');
    await expect
      .poll(() => page.getByTestId('aforo-on-sale').textContent())
      .toBe('350 plazas a la venta de 2500 de aforo');
    await snap(page, 'aforo-door-phone');

    await page.goto('/ceo/dashboard');
    const night = page.getByTestId('tonight-event').filter({ hasText: underWay.name });
    await night.waitFor();
    expect(await night.getByTestId('aforo-on-sale').textContent()).toBe(
      '350 plazas a la venta de 2500 de aforo',
    );
    await snap(page, 'aforo-ceo-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
