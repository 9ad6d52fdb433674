// One search at both viewports: a visitor types "kapita" into /search, sees Kápital among the
// grouped suggestions as they type, and opens the club from them; the search is then among the recent ones;
// a genre and a night are understood, and a DJ is found by name past a typo.
// On the desktop the same is done with the keyboard only (arrow down, Enter).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { gotoLive, launch, newContext, snap, type ViewportName, VIEWPORTS, watchErrors } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('search at %s', (viewport) => {
  it('types "kapita", sees Kápital in the suggestions and opens the club', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/search');
    const box = page.getByRole('searchbox', { name: 'Buscar eventos, discotecas y personas' });
    await box.pressSequentially('kapita', { delay: 40 });
    const clubs = page.getByRole('region', { name: 'Discotecas' });
    const kapital = clubs.getByRole('link', { name: /Kápital/ });
    await kapital.waitFor();
    // Its nights are found too, below it: the events group holds events at Kápital.
    await page.getByRole('region', { name: 'Eventos' }).getByTestId('search-events').first().waitFor();
    await expect.poll(() => page.locator('[data-search-option]').first().textContent()).toContain('Kápital');
    // The answer for the last letter typed is in: the list is no longer dimmed while one is on its way.
    await expect.poll(() => page.getByTestId('search-results').getAttribute('aria-busy')).toBe('false');
    await snap(page, `search-${viewport}-01-suggestions`);
    expect(await seriousViolations(page)).toEqual([]);

    if (viewport === 'phone') await kapital.click();
    else {
      // Keyboard only: the club named by what was typed comes first; down from the box reaches it, and the
      // next and back again; Enter opens the focused one.
      await box.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toContain('Kápital');
      await page.keyboard.press('Enter');
    }
    await page.waitForURL('**/discoteca/kapital');
    await page.getByRole('heading', { level: 1, name: 'Kápital' }).waitFor();

    await gotoLive(page, '/search');
    await page
      .getByRole('region', { name: 'Búsquedas recientes' })
      .getByRole('button', { name: 'kapita' })
      .waitFor();
    await snap(page, `search-${viewport}-02-recent`);

    // A genre and a night: the box says what it understood.
    await box.fill('techno este finde');
    await page.getByText('Buscando:').waitFor();
    await snap(page, `search-${viewport}-03-understood`);

    // A DJ by the name on the line-ups, a typo away, with their next night.
    await box.fill('nebulla');
    await page
      .getByRole('region', { name: 'DJs' })
      .getByRole('link', { name: /DJ Nebula/ })
      .waitFor();
    await snap(page, `search-${viewport}-04-dj`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
