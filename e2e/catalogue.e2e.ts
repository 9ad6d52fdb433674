// The catalogue journey in a real Chromium against the real server and its Madrid dataset:
// home → event list → a filter (URL and results change) → event detail → its club, on desktop and phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, settle, snap, watchErrors, type ViewportName } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cardTitles = (page: Page) => page.locator('main article h3').allTextContents();

describe.each<ViewportName>(['desktop', 'phone'])('catalogue journey at %s', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext(browser, viewport, baseURL);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('home shows tonight, this weekend and featured clubs from the API', async () => {
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Nocturna · La noche de Madrid');
    await page.getByRole('heading', { level: 1, name: 'La noche de Madrid, en un solo sitio' }).waitFor();
    for (const name of ['Esta noche', 'Este finde', 'Discotecas destacadas'])
      await page.getByRole('heading', { level: 2, name }).waitFor();
    await page.locator('main article').first().waitFor();
    await settle(page);
    // The first poster loads at once; the ones further down wait until they are near.
    const loading = await page
      .locator('main article img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
    expect(loading[0]).toBe('eager');
    expect(loading.slice(1).every((l) => l === 'lazy')).toBe(true);
    await snap(page, `catalogue-${viewport}-home`);
  });

  it('the event list applies a genre filter through the URL', async () => {
    await page.getByRole('link', { name: 'Ver eventos' }).click();
    await page.waitForURL('**/eventos');
    await page.getByRole('heading', { level: 1, name: 'Eventos' }).waitFor();
    await page.locator('main article').first().waitFor();
    await settle(page);
    const before = await cardTitles(page);
    expect(before.length).toBe(12);
    await expect.poll(() => page.getByRole('button', { name: 'Cargar más' }).count()).toBe(1);
    await snap(page, `catalogue-${viewport}-events`);

    if (viewport === 'phone') await page.getByRole('button', { name: 'Más filtros' }).click();
    await page.locator('select[name="genre"]').selectOption('techno');
    await page.waitForURL((url) => url.searchParams.get('genre') === 'techno');
    // The filtered list is in: cards again (the list is empty while it loads), every one a techno night.
    const cardTexts = () =>
      page.locator('main article').evaluateAll((cards) => cards.map((c) => c.textContent ?? ''));
    await expect
      .poll(async () => {
        const texts = await cardTexts();
        return texts.length > 0 && texts.every((text) => text.includes('Techno'));
      })
      .toBe(true);
    await settle(page);
    expect((await cardTitles(page)).join('|')).not.toBe(before.join('|'));
    const genresOfCards = await cardTexts();
    expect(genresOfCards.length).toBeGreaterThan(0);
    for (const text of genresOfCards) expect(text).toContain('Techno');
    await snap(page, `catalogue-${viewport}-events-techno`);

    // The filter survives a reload because it lives in the URL.
    await page.reload();
    await page.locator('main article').first().waitFor();
    expect(await page.locator('select[name="genre"]').inputValue()).toBe('techno');
  });

  it('event detail shows Madrid time, line-up, ticket prices and its club', async () => {
    const first = page.locator('main article h3 a').first();
    const name = (await first.textContent())!;
    await first.click();
    await page.waitForURL('**/evento/**');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(() => page.title()).toBe(`${name} · Nocturna`);
    for (const section of ['Line-up', 'Entradas'])
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
    expect(await page.locator('main').textContent()).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    expect(await page.locator('main').textContent()).toMatch(/\d+(,\d{2})?\s€|Gratis/);
    expect(await page.getByRole('button', { name: /comprar/i }).count()).toBe(0);
    const directions = await page.getByRole('link', { name: 'Cómo llegar' }).getAttribute('href');
    expect(directions).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await settle(page);
    await snap(page, `catalogue-${viewport}-event-detail`);
    await page.getByRole('heading', { level: 2, name: 'Line-up' }).scrollIntoViewIfNeeded();
    await snap(page, `catalogue-${viewport}-event-detail-lineup`);

    const clubLink = page.locator('main a[href^="/discoteca/"]').first();
    const clubName = (await clubLink.locator('p').first().textContent())!;
    await clubLink.click();
    await page.waitForURL('**/discoteca/**');
    await page.getByRole('heading', { level: 1, name: clubName }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Próximos eventos' }).waitFor();
    await expect.poll(() => page.title()).toBe(`${clubName} · Nocturna`);
    await settle(page);
    await snap(page, `catalogue-${viewport}-club-detail`);
    await page.getByRole('heading', { level: 2, name: 'Próximos eventos' }).scrollIntoViewIfNeeded();
    await snap(page, `catalogue-${viewport}-club-detail-events`);
  });

  it('the club list filters by day from the URL and shows an empty state for no match', async () => {
    await page.goto('/discotecas?day=SUN');
    await page.locator('main article').first().waitFor();
    expect(await page.getByRole('button', { name: 'Dom' }).getAttribute('aria-pressed')).toBe('true');
    await settle(page);
    await snap(page, `catalogue-${viewport}-clubs`);
    await page.getByRole('searchbox', { name: 'Buscar discotecas' }).fill('zzzz no existe');
    await page.waitForURL((url) => url.searchParams.get('q') === 'zzzz no existe');
    await page.getByText('Ninguna discoteca coincide con tu búsqueda.').waitFor();
    await page.getByRole('button', { name: 'Quitar filtros' }).last().click();
    await page.waitForURL((url) => url.search === '');
    await page.locator('main article').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('has no serious or critical axe violations on the catalogue pages', async () => {
    const events = (await (await context.request.get('/api/events?limit=1')).json()) as {
      items: { slug: string; clubSlug: string }[];
    };
    const event = events.items[0]!;
    for (const path of [
      '/',
      '/discotecas',
      '/eventos?when=finde',
      `/evento/${event.slug}`,
      `/discoteca/${event.clubSlug}`,
    ]) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page
        .locator('[role="status"]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await settle(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  it('an unknown event shows a not-found state instead of an error', async () => {
    await page.goto('/eventos/no-existe-este-evento');
    await page.getByText('No encontramos este evento.').waitFor();
    // Chromium logs the API's 404 for the missing event; nothing else may fail.
    expect(errors.filter((e) => !/Failed to load resource.*404/.test(e))).toEqual([]);
  });
});
