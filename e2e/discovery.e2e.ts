// Discovery at both viewports (issue 18): a visitor opens /explore and sees the Madrid clubs as markers on the
// offline map with the list beside it (desktop) or in the bottom sheet (phone); choosing a barrio narrows both
// the map and the list; tapping a marker shows that club's nights; "Cerca de mí" (geolocation allowed) puts the
// person on the map and sorts by distance. A club page shows how to get there (map app, nearest Metro). Then
// signed in, /novedades lists what is new and "Marcar todo como leído" clears it, the dot on "Novedades" too.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gotoLive, launch, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const markers = (page: Page) => page.getByTestId('club-marker');
const rows = (page: Page) => page.getByTestId('explore-event');

async function waitForMap(page: Page) {
  await page.locator('[data-testid="explore-map"][data-ready="true"]').waitFor();
  await markers(page).first().waitFor();
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('discovery at %s', (viewport) => {
  const phone = viewport === 'phone';

  it('shows the clubs on the map, narrows map and list by barrio, and puts the person on the map', async () => {
    const context = await newContext(browser, viewport, baseURL);
    // Puerta del Sol.
    await context.grantPermissions(['geolocation'], { origin: baseURL });
    await context.setGeolocation({ latitude: 40.4169, longitude: -3.7035 });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const policy = (await page.goto('/explore'))?.headers()['permissions-policy'] ?? '';
    expect(policy).toContain('geolocation=(self)');
    await waitForMap(page);
    const allMarkers = await markers(page).count();
    expect(allMarkers).toBeGreaterThan(3);
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
    expect(errors).toEqual([]);
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
    const context = await newContext(browser, viewport, baseURL);
    const signedIn = await context.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      // A person per viewport, so each starts with everything unread.
      data: { email: phone ? 'dj@demo.nocturna.es' : 'user@demo.nocturna.es', password: 'nocturna' },
    });
    expect(signedIn.status()).toBe(200);
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
    if (!phone) await page.getByTestId('desktop-sidebar').getByTestId('whats-new-dot').waitFor();
    await snap(page, `discovery-${viewport}-07-novedades`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Marcar todo como leído' }).click();
    await page.getByText('Estás al día.').waitFor();
    expect(await page.locator('[data-testid="whats-new-item"][data-unread="true"]').count()).toBe(0);
    if (!phone)
      await expect
        .poll(() => page.getByTestId('desktop-sidebar').getByTestId('whats-new-dot').count(), {
          timeout: 15_000,
        })
        .toBe(0);
    await snap(page, `discovery-${viewport}-08-novedades-read`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
