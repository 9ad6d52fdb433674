// An event page that sells and spreads, at both sizes: a person whose connection has a ticket sees "Marta va" with
// her face; "Compartir" hands the page's link to the phone's share sheet (a stand-in for the system's sheet), or
// on a computer without one copies it and says so; "Añadir al calendario" downloads the night; on the phone a bar
// keeps "Desde 12 €" and "Conseguir" under the thumb, and "Conseguir" brings the tickets on screen.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser } from 'playwright-core';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import {
  VIEWPORTS,
  demoRequest,
  gotoLive,
  launch,
  newContext,
  ok,
  snap,
  watchErrors,
  type ViewportName,
} from './browser.ts';
import { seriousViolations } from './axe.ts';
import { signUp } from './people-setup.ts';

const baseURL = inject('baseURL');
const DAY = 86_400_000;
let browser: Browser;
let ceo: APIRequestContext;

beforeAll(async () => {
  browser = await launch();
  ceo = await demoRequest(baseURL, 'ceo');
});
afterAll(async () => {
  await ceo?.dispose();
  await browser?.close();
});

async function publishedNight(name: string): Promise<{ id: string; slug: string; typeId: string }> {
  const clubs = await ok<{ items: { id: string }[] }>(ceo.get('/api/manage/clubs'));
  const event = await ok<{ id: string; slug: string }>(
    ceo.post('/api/manage/events', {
      data: {
        clubId: clubs.items[0]!.id,
        name,
        date: madridWallClock(new Date(Date.now() + 5 * DAY)).date,
        startTime: '23:30',
        endTime: '06:00',
        minimumAge: 18,
      },
    }),
  );
  // The answer lists the event's types: this one only.
  const types = await ok<{ items: { id: string }[] }>(
    ceo.post(`/api/manage/events/${event.id}/ticket-types`, {
      data: { name: 'General', priceCents: 1200, capacity: 100 },
    }),
  );
  await ok(ceo.post(`/api/manage/events/${event.id}/status`, { data: { status: 'published' } }));
  return { ...event, typeId: types.items[0]!.id };
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('an event page that spreads at %s', (viewport) => {
  it('shows the connection going, shares or copies the link, gives the calendar file, and keeps the price at hand', async () => {
    const tag = `${viewport[0]}${Date.now().toString(36)}`;
    const event = await publishedNight(`Noche para compartir ${tag}`);

    // Marta has a ticket; Íñigo is connected to her.
    const marta = await newContext(browser, viewport, baseURL);
    const inigo = await newContext(browser, viewport, baseURL);
    const martaUser = await signUp(marta, baseURL, 'Marta', 'Difusión');
    const inigoUser = await signUp(inigo, baseURL, 'Íñigo', 'Difusión');
    await ok(
      marta.request.post('/api/connections/requests', {
        headers: { origin: baseURL },
        data: { userId: inigoUser.id },
      }),
    );
    await ok(
      inigo.request.post(`/api/connections/requests/${martaUser.id}/accept`, {
        headers: { origin: baseURL },
      }),
    );
    const got = await marta.request.post('/api/tickets', {
      headers: { origin: baseURL, 'idempotency-key': `spread-${tag}` },
      data: { ticketTypeId: event.typeId, quantity: 1 },
    });
    expect(got.status(), await got.text()).toBe(201);

    // The phone has a share sheet (the system's, stood in for here); this computer has none, and copies.
    if (viewport === 'phone')
      await inigo.addInitScript(() => {
        const shared: ShareData[] = [];
        (window as unknown as { __shared: ShareData[] }).__shared = shared;
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async (data: ShareData) => void shared.push(data),
        });
      });
    else {
      await inigo.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await inigo.addInitScript(() => {
        Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
      });
    }

    const page = await inigo.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, `/evento/${event.slug}`);

    const going = page.getByTestId('connections-going');
    await expect.poll(() => going.textContent()).toContain('Marta Difusión va');
    expect(await going.locator('[title="Marta Difusión"]').count()).toBe(1);

    const eventUrl = `${baseURL}/evento/${event.slug}`;
    await page.getByRole('button', { name: 'Compartir' }).click();
    if (viewport === 'phone') {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
        .toEqual([expect.objectContaining({ title: `Noche para compartir ${tag}`, url: eventUrl })]);
    } else {
      await page.getByText('Enlace copiado').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(eventUrl);
    }

    const calendar = page.getByRole('link', { name: 'Añadir al calendario' });
    const href = await calendar.getAttribute('href');
    const ics = await page.request.get(href!);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect((await ics.text()).replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:Noche para compartir ${tag}`);

    const bar = page.getByTestId('sticky-buy-bar');
    if (viewport === 'phone') {
      await bar.waitFor();
      // Intl puts a no-break space before the euro sign.
      expect((await page.getByTestId('sticky-buy-price').textContent())?.replace(/\s/g, ' ')).toBe(
        'Desde 12 €',
      );
      // The bar sits above the tab bar, inside the screen.
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
      await snap(page, `event-spread-${viewport}`);
      const offers = page.locator('#entradas');
      // The tickets start below the screen until "Conseguir" brings them up, clear of the bars at the bottom.
      expect((await offers.boundingBox())!.y).toBeGreaterThan(VIEWPORTS.phone.height);
      await bar.getByRole('button', { name: 'Conseguir' }).click();
      await expect
        .poll(async () => {
          const o = await offers.boundingBox();
          return o !== null && o.y >= 0 && o.y + 48 <= VIEWPORTS.phone.height - 64;
        })
        .toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('entradas');
      // With the tickets on screen the bar steps aside.
      await bar.waitFor({ state: 'detached' });
    } else {
      await snap(page, `event-spread-${viewport}`);
      expect(await bar.count()).toBe(0);
    }

    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await marta.close();
    await inigo.close();
  });

  it('shows a visitor no connections and the share and calendar actions', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const event = await publishedNight(`Noche abierta ${viewport}-${Date.now().toString(36)}`);
    await gotoLive(page, `/evento/${event.slug}`);
    await page.getByRole('button', { name: 'Compartir' }).waitFor();
    await page.getByRole('link', { name: 'Añadir al calendario' }).waitFor();
    expect(await page.getByTestId('connections-going').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
