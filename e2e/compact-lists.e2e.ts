// Lists that fit a phone, at both viewports: /eventos and the home page's rows hold at least two event cards on one
// screen, their pictures without the words the card prints beside them; the promoter's dashboard opens on tonight,
// with the other nights folded; a new person starts Novedades at zero unread, sees far-off nights folded under
// "Más adelante", and a connection going tonight arrives as one unread; a notification whose title is longer than
// a line shows two lines.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  asDemo,
  gotoLive,
  launch,
  newContext,
  snap,
  watchErrors,
  VIEWPORTS,
  type ViewportName,
} from './browser.ts';
import { seriousViolations } from './axe.ts';
import { eventUnderWay, type DoorEvent } from './door-setup.ts';
import { LONG_FIRST, LONG_LAST, friendAsks, friendGoes, newPerson } from './news-setup.ts';

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
let browser: Browser;
// Two nights under way at Kápital, which the demo RPP works: tonight has events whatever the hour of the run.
let tonight: DoorEvent[];

beforeAll(async () => {
  browser = await launch();
  tonight = [
    await eventUnderWay(dataDir, 'Compacta Uno', [{ name: 'General', priceCents: 1200, capacity: 200 }]),
    await eventUnderWay(dataDir, 'Compacta Dos', [{ name: 'General', priceCents: 1200, capacity: 200 }]),
  ];
});
afterAll(async () => browser?.close());

// How many of these cards are at least three quarters inside the window as it is scrolled now.
async function cardsOnScreen(page: Page, cards: Locator): Promise<number> {
  const height = page.viewportSize()!.height;
  let shown = 0;
  for (const box of await cards.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, height: r.height };
    }),
  )) {
    const visible = Math.min(box.bottom, height) - Math.max(box.top, 0);
    if (box.height > 0 && visible / box.height >= 0.75) shown += 1;
  }
  return shown;
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('compact lists at %s', (viewport) => {
  it('shows at least two event cards on one screen on /eventos and in the home rows, pictures without words', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/eventos');
    const cards = page.getByTestId('event-card');
    await cards.nth(2).waitFor();
    expect(await cardsOnScreen(page, cards)).toBeGreaterThanOrEqual(2);
    // The card prints the name, the night and the club: its picture is the poster's without them.
    for (const src of await cards
      .locator('img')
      .evaluateAll((imgs) => imgs.slice(0, 4).map((i) => i.getAttribute('src'))))
      expect(src).toMatch(/^\/media\/events\/[^/]+\/art\.webp\?w=\d+$/);
    await snap(page, `compact-lists-${viewport}-01-eventos`);
    expect(await seriousViolations(page)).toEqual([]);

    await gotoLive(page, '/');
    for (const name of ['Esta noche', 'Este finde']) {
      const heading = page.getByRole('heading', { level: 2, name });
      const row = page.locator('section').filter({ has: heading });
      const rowCards = row.getByTestId('event-card');
      await rowCards.nth(1).waitFor();
      await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      expect(await cardsOnScreen(page, rowCards), name).toBeGreaterThanOrEqual(2);
    }
    await page.getByRole('heading', { level: 2, name: 'Esta noche' }).evaluate((el) => el.scrollIntoView());
    await snap(page, `compact-lists-${viewport}-02-home-tonight`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the promoter's dashboard on tonight, with the other nights folded until opened", async () => {
    const context = await asDemo(await newContext(browser, viewport, baseURL), 'rpp');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/rpp/dashboard');
    const focus = page.getByTestId('rpp-night-focus');
    await focus.getByRole('heading', { level: 3, name: 'Esta noche' }).waitFor();
    for (const event of tonight) {
      const card = focus.locator(`[data-testid="promoted-event"][data-event-id="${event.id}"]`);
      await card.getByRole('heading', { level: 4, name: event.name }).waitFor();
      expect(await card.getByTestId('rpp-link').isVisible()).toBe(true);
    }
    // The demo RPP sells for the coming nights at Kápital and Neón Malasaña: each folded, its link hidden.
    const later = page.getByTestId('rpp-nights-later').getByTestId('promoted-event');
    expect(await later.count()).toBeGreaterThan(0);
    expect(
      await later.evaluateAll((els) =>
        els.every((el) => el.tagName === 'DETAILS' && !(el as HTMLDetailsElement).open),
      ),
    ).toBe(true);
    expect(await later.first().getByTestId('rpp-link').isVisible()).toBe(false);
    await snap(page, `compact-lists-${viewport}-03-rpp-tonight`);
    expect(await seriousViolations(page)).toEqual([]);
    // Opening one shows its link and figures.
    await later.first().locator('summary').click();
    await expect.poll(() => later.first().evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await later.first().getByTestId('rpp-link').waitFor();
    await later.first().scrollIntoViewIfNeeded();
    await snap(page, `compact-lists-${viewport}-04-rpp-later-open`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts a new person at zero unread, then shows a long notification title on two lines and the news', async () => {
    const person = await newPerson(browser, viewport, baseURL);
    const page = await person.context.newPage();
    const errors = watchErrors(page);

    // Novedades: the catalogue announced before the account is not news; nights weeks ahead are folded.
    await gotoLive(page, '/novedades');
    await page.getByRole('heading', { level: 1, name: 'Novedades' }).waitFor();
    await page.getByText('Estás al día.').waitFor();
    expect(await page.locator('[data-testid="whats-new-item"][data-unread="true"]').count()).toBe(0);
    const later = page.getByTestId('whats-new-later');
    await later.getByText('Más adelante').waitFor();
    expect(await later.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await snap(page, `compact-lists-${viewport}-05-novedades-new-account`);

    // A connection request from someone with a long name: the title wraps to two lines, never one cut line.
    const friend = await friendAsks(browser, baseURL, person);
    await gotoLive(page, '/notificaciones');
    const title = page.getByTestId('notification-title').first();
    await title.waitFor();
    const full = `${LONG_FIRST} ${LONG_LAST} quiere conectar contigo`;
    expect(await title.textContent()).toBe(full);
    const lines = await title.evaluate((el) => {
      const style = getComputedStyle(el);
      return Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight));
    });
    if (viewport === 'phone') expect(lines).toBe(2);
    else expect(lines).toBeLessThanOrEqual(2);
    await snap(page, `compact-lists-${viewport}-06-long-notification`);

    // The friend, accepted, gets a ticket for tonight: unread news in Novedades.
    await friendGoes(baseURL, person, friend, tonight[0]!);
    await gotoLive(page, '/novedades');
    await page
      .getByRole('status')
      .filter({ hasText: /novedad(es)? sin leer/ })
      .waitFor();
    // Other journeys running beside this one may announce nights meanwhile (news too): the friend is the one asked.
    const going = page.locator(
      '[data-testid="whats-new-item"][data-unread="true"][data-kind="friend_going"]',
    );
    expect(await going.count()).toBe(1);
    expect(await going.textContent()).toContain(`${LONG_FIRST} ${LONG_LAST} va a ir`);
    await snap(page, `compact-lists-${viewport}-07-novedades-news`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await friend.context.close();
    await person.context.close();
  });
});
