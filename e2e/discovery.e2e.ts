// Discovery at both viewports: a visitor opens /explore and, the online map style being out of reach
// (a closed network), sees every Madrid club as a marker on the offline basemap with the list beside it (desktop)
// or in the bottom sheet (phone); choosing a barrio narrows both the map and the list; a price keeps every club
// on the map but mutes those with nothing that cheap, and lists only nights that cheap; tapping a marker shows that club's nights; "Cerca de mí" (geolocation allowed) puts the
// person on the map and sorts by distance. A club page shows how to get there (map app, nearest Metro). Then
// signed in, a new person with a connection going tonight: /novedades lists it unread and "Marcar todo como leído" clears it, the dot on "Novedades" too (in
// the sidebar on a desktop, on the header's menu button on a phone).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExploreResult } from '@nocturna/shared';
import { gotoLive, launch, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { seriousViolations } from './axe.ts';
import { eventUnderWay } from './door-setup.ts';
import { friendAsks, friendGoes, newPerson } from './news-setup.ts';
import { PRICE_STEPS_EUR } from '../apps/web/src/features/explore/explore-filters.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const markers = (page: Page) => page.getByTestId('club-marker');
const rows = (page: Page) => page.getByTestId('explore-event');

const coloured = (page: Page) => page.locator('[data-testid="club-marker"]:not([data-muted])');
const muted = (page: Page) => page.locator('[data-testid="club-marker"][data-muted="true"]');

async function waitForMap(page: Page) {
  await page.locator('[data-testid="explore-map"][data-ready="true"]').waitFor();
  await markers(page).first().waitFor();
}

// The online style's origin (MAP_STYLE_URL's default) out of reach, as on a closed network, wherever the journey
// runs: the map must fall back to the offline basemap.
async function closedNetwork(context: BrowserContext) {
  await context.route('https://tiles.openfreemap.org/**', (route) => route.abort('internetdisconnected'));
}

// The failed fetch of the unreachable style is logged by the browser itself; anything else fails the journey.
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('https://tiles.openfreemap.org/'));

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('discovery at %s', (viewport) => {
  const phone = viewport === 'phone';

  it('shows the clubs on the map, narrows map and list by barrio, and puts the person on the map', async () => {
    const context = await newContext(browser, viewport, baseURL);
    // Puerta del Sol.
    await context.grantPermissions(['geolocation'], { origin: baseURL });
    await context.setGeolocation({ latitude: 40.4169, longitude: -3.7035 });
    await closedNetwork(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const policy = (await page.goto('/explore'))?.headers()['permissions-policy'] ?? '';
    expect(policy).toContain('geolocation=(self)');
    await waitForMap(page);
    expect(await page.getByTestId('explore-map').getAttribute('data-basemap')).toBe('offline');
    const allMarkers = await markers(page).count();
    expect(allMarkers).toBeGreaterThan(3);
    // Every open club of Madrid is on the map, with or without a night this week.
    const week = (await (await context.request.get('/api/explore')).json()) as ExploreResult;
    expect(allMarkers).toBe(week.clubs.length);
    expect(await markers(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(live|tonight|none)$/)]),
    );

    const sheet = page.getByTestId('explore-sheet');
    if (phone) {
      expect(await sheet.getAttribute('data-state')).toBe('peek');
      await snap(page, `discovery-${viewport}-01-map`);
      await sheet.getByRole('button', { expanded: false }).click();
      await expect.poll(() => sheet.getAttribute('data-state')).toBe('open');
      await rows(page).first().waitFor();
      await snap(page, `discovery-${viewport}-02-sheet-open`);
      await sheet.getByRole('button', { expanded: true }).click();
      await page.getByRole('button', { name: 'Filtros' }).click();
    } else {
      expect(await sheet.count()).toBe(0);
      await rows(page).first().waitFor();
      await snap(page, `discovery-${viewport}-01-map`);
    }
    expect(await seriousViolations(page, 'document')).toEqual([]);
    const allRows = await page.getByTestId('explore-all').getByTestId('explore-event').count();

    // A barrio narrows both: fewer markers, and every event listed is in that barrio.
    await page.getByLabel('Barrio').selectOption('Malasaña');
    await expect.poll(() => new URL(page.url()).searchParams.get('barrio')).toBe('Malasaña');
    await expect.poll(() => markers(page).count(), { timeout: 15_000 }).toBeLessThan(allMarkers);
    expect(await markers(page).count()).toBeGreaterThan(0);
    if (phone) {
      await page.getByRole('button', { name: 'Filtros' }).click();
      await sheet.getByRole('button', { expanded: false }).click();
    }
    const narrowed = page.getByTestId('explore-all').getByTestId('explore-event');
    await expect.poll(() => narrowed.count(), { timeout: 15_000 }).toBeLessThan(allRows);
    for (const text of await narrowed.allTextContents()) expect(text).toContain('Malasaña');
    await snap(page, `discovery-${viewport}-03-barrio`);

    // A marker shows that club's nights.
    if (phone) await sheet.getByRole('button', { expanded: true }).click();
    // One the person can see and tap: not under the filters on top or the sheet below.
    // (Polled: the sheet slides down and the map moves to the barrio before one is uncovered.)
    const tappable = () =>
      markers(page).evaluateAll((els) =>
        els.findIndex((el) => {
          const box = el.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === el;
        }),
      );
    await expect.poll(tappable, { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    const index = await tappable();
    const first = markers(page).nth(index);
    const clubName = (await first.getAttribute('aria-label'))!.split(' · ')[0]!;
    await first.click();
    const clubEvents = page.getByTestId('explore-club-events');
    await clubEvents.getByRole('heading', { name: `En ${clubName}` }).waitFor();
    if (phone) expect(await sheet.getAttribute('data-state')).toBe('open');
    for (const text of await clubEvents.getByTestId('explore-event').allTextContents())
      expect(text).toContain(clubName);
    await snap(page, `discovery-${viewport}-04-club`);
    await clubEvents.getByRole('button', { name: 'Ver todos' }).click();

    // Near me: the person's dot on the map and distances in the list.
    if (phone) {
      await sheet.getByRole('button', { expanded: true }).click();
      await page.getByRole('button', { name: 'Filtros' }).click();
    }
    await page.getByRole('button', { name: 'Cerca de mí' }).click();
    await page.getByTestId('me-marker').waitFor();
    await expect
      .poll(() => page.getByTestId('explore-event').first().textContent(), { timeout: 15_000 })
      .toMatch(/\d+(,\d)? ?k?m/);
    await snap(page, `discovery-${viewport}-05-near-me`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('narrows by price: every club stays on the map, those with nothing that cheap muted, the list that cheap', async () => {
    const context = await newContext(browser, viewport, baseURL);
    await closedNetwork(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/explore');
    await waitForMap(page);
    const allMarkers = await markers(page).count();
    const colouredBefore = await coloured(page).count();
    const sheet = page.getByTestId('explore-sheet');
    const list = page.getByTestId('explore-all').getByTestId('explore-event');
    if (phone) await sheet.getByRole('button', { expanded: false }).click();
    await list.first().waitFor();
    const rowsBefore = await list.count();
    if (phone) {
      await sheet.getByRole('button', { expanded: true }).click();
      await page.getByRole('button', { name: 'Filtros' }).click();
    }

    // The cheapest step of the price filter that some of this week's clubs meet and some do not: which one that is
    // depends on the hour of the week (on a Saturday morning every club with a night left has one at 10 € or less).
    const week = (await (await context.request.get('/api/explore')).json()) as ExploreResult;
    const cheapest = new Map<string, number>();
    for (const e of week.events)
      cheapest.set(e.clubId, Math.min(cheapest.get(e.clubId) ?? Infinity, e.minPrice?.cents ?? Infinity));
    const step = PRICE_STEPS_EUR.find((euros) => {
      const meet = [...cheapest.values()].filter((cents) => cents <= euros * 100).length;
      return meet > 0 && meet < cheapest.size;
    });
    expect(step, "a price step that splits this week's clubs").toBeDefined();
    await page.getByLabel('Precio').selectOption({ label: step === 0 ? 'Gratis' : `Hasta ${step} €` });
    await expect.poll(() => new URL(page.url()).searchParams.get('maxPrice')).toBe(String(step! * 100));
    await expect.poll(() => coloured(page).count(), { timeout: 15_000 }).toBeLessThan(colouredBefore);
    expect(await coloured(page).count()).toBeGreaterThan(0);
    expect(await muted(page).count()).toBeGreaterThan(0);
    expect(await markers(page).count()).toBe(allMarkers);
    if (phone) {
      await page.getByRole('button', { name: 'Filtros' }).click();
      await sheet.getByRole('button', { expanded: false }).click();
    }
    await expect.poll(() => list.count(), { timeout: 15_000 }).toBeLessThan(rowsBefore);
    const prices = (await list.allTextContents()).map((text) => {
      if (text.includes('Gratis')) return 0;
      const euros = /Desde (\d+(?:,\d+)?)\s*€/.exec(text)?.[1];
      expect(euros, text).toBeDefined();
      return Number(euros!.replace(',', '.'));
    });
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(step!);
    await snap(page, `discovery-${viewport}-05b-price`);

    // A muted club, tapped, says it has nothing with these filters and links to its page.
    if (phone) await sheet.getByRole('button', { expanded: true }).click();
    const tappableMuted = () =>
      muted(page).evaluateAll((els) =>
        els.findIndex((el) => {
          const box = el.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === el;
        }),
      );
    // Found uncovered, then tapped; tried again if the map moved it under something in between (a loaded
    // machine draws the sheet's slide and the map's moves slowly).
    let name = '';
    for (let attempt = 1; !name; attempt++) {
      await expect.poll(tappableMuted, { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
      const marker = muted(page).nth(await tappableMuted());
      const label = (await marker.getAttribute('aria-label'))!.split(' · ')[0]!;
      try {
        await marker.click({ timeout: 5_000 });
        name = label;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    const club = page.getByTestId('explore-club-events');
    await club.getByText(`No hay eventos en ${name} con estos filtros.`).waitFor();
    expect(await club.getByTestId('explore-event').count()).toBe(0);
    await club.getByRole('link', { name: 'Ver la discoteca' }).waitFor();
    await snap(page, `discovery-${viewport}-05c-muted-club`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows how to get to a club: the map app and the nearest Metro stations', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/discoteca/kapital');
    const card = page.getByTestId('club-directions');
    await card.getByTestId('metro-station').first().waitFor();
    expect(await card.getByTestId('metro-station').count()).toBe(3);
    // Kápital is by Atocha.
    expect(await card.getByTestId('metro-station').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Atocha')]),
    );
    expect(await card.getByTestId('open-map-app').getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=40\.\d+,-3\.\d+$/,
    );
    await card.scrollIntoViewIfNeeded();
    await snap(page, `discovery-${viewport}-06-directions`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists what is new for a signed-in person and marks it all as read', async () => {
    // A new person per viewport (a new account starts with nothing unread) with one piece of news: a connection
    // going tonight.
    const event = await eventUnderWay(dataDir, `Primicia ${viewport}`, [
      { name: 'General', priceCents: 1500, capacity: 300 },
    ]);
    const person = await newPerson(browser, viewport, baseURL);
    const context = person.context;
    const friend = await friendAsks(browser, baseURL, person);
    await friendGoes(baseURL, person, friend, event);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/novedades');
    await page.getByRole('heading', { level: 1, name: 'Novedades' }).waitFor();
    await page.getByTestId('whats-new-item').first().waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /novedad(es)? sin leer/ })
      .waitFor();
    expect(await page.locator('[data-testid="whats-new-item"][data-unread="true"]').count()).toBeGreaterThan(
      0,
    );
    // The dot on "Novedades": in the sidebar on a desktop; on a phone, where "Novedades" is in the drawer, on the
    // header's menu button too, named for screen readers.
    const shellDot = () =>
      phone
        ? page.getByTestId('mobile-header').getByTestId('whats-new-dot')
        : page.getByTestId('desktop-sidebar').getByTestId('whats-new-dot');
    await shellDot().waitFor();
    if (phone)
      expect(await page.getByTestId('drawer-toggle').getAttribute('aria-label')).toMatch(
        /^Abrir menú \(\d+ novedad(es)? sin leer\)$/,
      );
    await snap(page, `discovery-${viewport}-07-novedades`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Marcar todo como leído' }).click();
    await page.getByText('Estás al día.').waitFor();
    expect(await page.locator('[data-testid="whats-new-item"][data-unread="true"]').count()).toBe(0);
    await expect.poll(() => shellDot().count(), { timeout: 15_000 }).toBe(0);
    if (phone) expect(await page.getByTestId('drawer-toggle').getAttribute('aria-label')).toBe('Abrir menú');
    await snap(page, `discovery-${viewport}-08-novedades-read`);
    expect(errors).toEqual([]);
    await friend.context.close();
    await context.close();
  });
});
