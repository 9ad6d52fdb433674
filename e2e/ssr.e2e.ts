// The public pages arrive drawn by the server and hydrate without a change a person could see: the event page's
// HTML already holds its name, poster and prices, hydration logs no error and moves nothing (no layout shift),
// and the page then works as the app (a link navigates without a document load).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ownDemoSession,
  asDemo,
  gotoLive,
  hydrated,
  launch,
  newContext,
  snap,
  watchErrors,
  type ViewportName,
} from './browser.ts';
import { eventUnderWay } from './door-setup.ts';

const baseURL = inject('baseURL');

let browser: Browser;
let eventPath: string;
let eventName: string;
let clubPath: string;
// The journey's own night at Kápital, two days ahead: the run shares one server with journeys that add events
// under way (a wall's, a door's), so the first event listed is whatever another journey made last.
beforeAll(async () => {
  browser = await launch();
  const own = await eventUnderWay(
    inject('dataDir'),
    'Prensa oscura en directo',
    [{ name: 'General', priceCents: 1800, capacity: 200 }],
    50,
  );
  const event = (await (await fetch(`${baseURL}/api/events/${own.id}`)).json()) as {
    slug: string;
    clubSlug: string;
    name: string;
  };
  eventName = event.name;
  eventPath = `/evento/${event.slug}`;
  clubPath = `/discoteca/${event.clubSlug}`;
});
afterAll(async () => {
  await browser?.close();
});

// Layout shifts as the browser reports them, from the first paint on, each with the elements that moved (so a failing
// run says what moved, not only by how much).
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; moved: string[] }[] };
    w.__shifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const label = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? '';
      return `${node.tagName.toLowerCase()}${label ? `[${label}]` : ''}.${[...node.classList].slice(0, 3).join('.')}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        if (!entry.hadRecentInput)
          w.__shifts.push({
            value: entry.value,
            moved: (entry.sources ?? []).map(
              (source) =>
                `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

// The layout shift a page has had so far, with what moved.
async function layoutShift(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

// On a phone, the page loads on a CPU six times slower (a mid-range phone's): the browser then paints the document
// as it arrives and before the scripts run, as a real phone does, so what moves after the first paint shows.
async function slowPhone(page: Page, viewport: ViewportName) {
  if (viewport !== 'phone') return { restore: async () => {} };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return { restore: () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }) };
}

// The page has loaded and React has hydrated it. The network going quiet is not enough: on a slow phone's CPU the
// scripts are still running after the last request.
async function loadedAndHydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await hydrated(page);
}

// A browser context signed in as the demo user.
async function signedInContext(viewport: ViewportName) {
  return asDemo(await newContext(browser, viewport, baseURL), 'user');
}

describe.each<ViewportName>(['desktop', 'phone'])('server-rendered event page at %s', (viewport) => {
  it('shows the event from the HTML, hydrates with no console error and no layout shift', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // React reports a hydration mismatch as an error (a recoverable one: it then draws the part again in the
    // browser); no message of any kind may speak of hydrating.
    const hydrationMessages: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) hydrationMessages.push(`${message.type()}: ${message.text()}`);
    });
    await watchLayoutShifts(page);
    const cpu = await slowPhone(page, viewport);

    // The document itself, before any script: the name and a price are there, and every part is in place (none
    // sent empty and filled in later by a script).
    const response = await page.goto(eventPath, { waitUntil: 'commit' });
    const html = await response!.text();
    const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
    expect(name).toBe(eventName);
    expect(html).toMatch(/\d+(?:,\d{2})?\s?€/);
    expect(html).not.toContain('<!--$?-->');

    await loadedAndHydrated(page);
    await cpu.restore();
    // Hydrated: the router took over, so an in-app link changes the page without loading a document.
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    const shift = await layoutShift(page);
    expect(shift.total, JSON.stringify(shift.shifts, null, 1)).toBeLessThan(0.01);
    await snap(page, `ssr-${viewport}-event`);

    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    await page.locator(`main a[href="${clubPath}"]`).first().click();
    await page.waitForURL(`**${clubPath}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(timeOrigin);
    expect(errors).toEqual([]);
    expect(hydrationMessages).toEqual([]);
    await context.close();
  });
});

// A list page draws a card only as it nears the screen (content-visibility): a phone lays out and paints the cards
// it shows, not the whole list, and fetches fewer posters far below the one on its screen.
describe('a list page on a phone', () => {
  it('skips drawing the cards far below the screen until scrolled to, then shows them with no layout shift', async () => {
    const context = await newContext(browser, 'phone', baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await watchLayoutShifts(page);
    const cpu = await slowPhone(page, 'phone');
    await page.goto('/eventos');
    await loadedAndHydrated(page);
    await cpu.restore();
    const cards = () =>
      page.$$eval('main article', (articles) =>
        articles.map((article) => {
          const image = article.querySelector('img');
          return {
            top: article.getBoundingClientRect().top,
            // false while the browser skips the card's contents (content-visibility: auto, off the screen)
            drawn: !!image?.checkVisibility({ contentVisibilityAuto: true }),
            shown: !!image?.complete && image.naturalWidth > 0,
          };
        }),
      );
    const screen = await page.evaluate(() => window.innerHeight);
    // A phone's cards are compact rows: a second page puts some three screens down. Back at the top, those are
    // skipped again.
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(async () => (await cards()).length).toBeGreaterThan(12);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const before = await cards();
    expect(before[0]).toMatchObject({ drawn: true, shown: true });
    const far = before.filter((card) => card.top > 3 * screen);
    expect(far.length).toBeGreaterThan(0);
    expect(far.filter((card) => card.drawn)).toEqual([]);

    // Scrolled through as a thumb would: each card is drawn as it nears the screen and its poster loads (the cards
    // scrolled past are skipped again, their posters kept).
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let y = 0; y < height; y += screen / 2) {
      await page.mouse.wheel(0, screen / 2);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => (await cards()).filter((card) => !card.shown).length).toBe(0);
    const shift = await layoutShift(page);
    expect(shift.total, JSON.stringify(shift.shifts, null, 1)).toBeLessThan(0.01);
    await snap(page, 'ssr-phone-list-scrolled');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('server-rendered pages in English', () => {
  it('renders ?lang=en in English and hydrates in it without errors', async () => {
    const context = await newContext(browser, 'desktop', baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto('/eventos?lang=en', { waitUntil: 'commit' });
    const html = await response!.text();
    expect(html).toContain('<html lang="en">');
    await loadedAndHydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('server-rendered pages for someone signed in', () => {
  it('hydrates the event page and the home without errors while the session is still being read', async () => {
    const context = await signedInContext('phone');
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const path of [eventPath, '/', clubPath]) {
      await page.goto(path);
      await loadedAndHydrated(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  // React hydrates the page's parts (Suspense boundaries) one after another, after the page around them; a tap on a
  // part it has not reached yet makes React hydrate that part at once and replays the tap on it. The phone's CPU is
  // slowed down so the tap lands while the page is still hydrating.
  it('on a phone, a tap on a part not hydrated yet still counts: the menu opens', async () => {
    const context = await signedInContext('phone');
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The page is not live until the rest of Spanish is in (loadAllStrings): holding that one chunk keeps it there
    // for as long as the test needs, however fast or slow the machine, instead of racing a throttled CPU.
    let releaseStrings!: () => void;
    const stringsHeld = new Promise<void>((resolve) => (releaseStrings = resolve));
    await page.route(/\/assets\/spanish-[\w-]+\.js$/, async (route) => {
      await stringsHeld;
      await route.continue();
    });
    // A slow phone's CPU, so the menu's own part is still being hydrated when it is tapped.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto(eventPath, { waitUntil: 'commit' });
    await page.locator('html[data-hydrating]').waitFor({ state: 'attached' });
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    await page.getByRole('button', { name: /^Abrir menú/ }).tap();
    await page.getByRole('dialog', { name: 'Navegación principal' }).waitFor();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    releaseStrings();
    await hydrated(page);
    // Still open once the page is live: reading the phone's real breakpoint after hydrating is no crossing of it.
    expect(await page.getByTestId('mobile-drawer').getAttribute('data-open')).toBe('true');
    await snap(page, 'ssr-phone-tap-before-hydrated');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the first tap on the ticket offers further down opens the ticket', async () => {
    const context = await signedInContext('phone');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, eventPath);
    const get = page.getByRole('button', { name: /^Conseguir entrada /, disabled: false }).first();
    expect(await get.evaluate((button) => button.getBoundingClientRect().top > window.innerHeight)).toBe(
      true,
    );
    await get.click(); // scrolled to and tapped at once
    await page.getByRole('dialog').waitFor();
    await snap(page, 'ssr-phone-offers-first-tap');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('server-rendered page, then pages the browser draws', () => {
  // The router that hydrates a server page knows the server pages only; the others join on the first navigation
  // that needs them (patchRoutesOnNavigation), with no document load and no not-found page in between.
  it('opens pages drawn in the browser in the app: plain, signed in, with a parameter, and an unknown one', async () => {
    const context = await signedInContext('desktop');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(eventPath);
    await loadedAndHydrated(page);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor();
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const sidebar = page.getByTestId('desktop-sidebar');
    // In-app navigation as a link does it (React Router listens to popstate).
    const navigate = (to: string) =>
      page.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, to);

    await sidebar.getByRole('link', { name: 'Novedades' }).click();
    await page.waitForURL('**/novedades');
    await page.getByRole('heading', { level: 1, name: 'Novedades' }).waitFor();
    await sidebar.getByRole('link', { name: 'Entradas' }).click();
    await page.waitForURL('**/tickets');
    await page.getByRole('heading', { level: 1, name: 'Entradas' }).waitFor();
    await navigate('/dj/dj-diego');
    await page.getByRole('heading', { level: 1, name: 'Diego Jiménez' }).waitFor();
    await navigate('/pagina-que-no-existe');
    await page.getByText('Página no encontrada').first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Diego Jiménez' }).waitFor();
    await sidebar.getByRole('link', { name: 'Eventos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Eventos' }).waitFor();
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(timeOrigin);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// The page says who it was made for (window.__NOCTURNA_SESSION__): a visitor's page asks nothing of
// /api/auth and loads no auth client; someone signed in is shown at once, and better-auth's client, loaded for
// the sign-out, takes over from there.
describe('the session a server-rendered page comes with', () => {
  it("shows a visitor without asking for the session, and a signed-in person's account until they sign out", async () => {
    const visitor = await newContext(browser, 'phone', baseURL);
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/auth/') || /\/assets\/auth-client-/.test(url)) asked.push(url);
    });
    await page.goto(eventPath);
    await loadedAndHydrated(page);
    await page.getByRole('heading', { level: 1, name: eventName }).waitFor();
    await page.getByTestId('profile-toggle').click();
    await page.getByTestId('profile-dropdown').getByRole('link', { name: 'Iniciar Sesión' }).waitFor();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await visitor.close();

    // It signs out below: a session of its own, not the run's shared one.
    const context = await ownDemoSession(await newContext(browser, 'phone', baseURL), 'user', baseURL);
    const signedIn = await context.newPage();
    const signedInErrors = watchErrors(signedIn);
    await signedIn.goto(eventPath);
    await loadedAndHydrated(signedIn);
    await signedIn.getByRole('heading', { level: 1, name: eventName }).waitFor();
    await signedIn.getByTestId('profile-toggle').click();
    await expect
      .poll(() =>
        signedIn
          .getByTestId('dropdown-name')
          .textContent()
          .catch(() => null),
      )
      .toBe('Lucía Martín');
    await signedIn.getByTestId('profile-dropdown').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await signedIn.getByTestId('profile-toggle').click();
    await signedIn.getByTestId('profile-dropdown').getByRole('link', { name: 'Iniciar Sesión' }).waitFor();
    // The server agrees: the next page is made for a visitor.
    await signedIn.reload();
    expect(
      await signedIn.evaluate(() => (window as { __NOCTURNA_SESSION__?: unknown }).__NOCTURNA_SESSION__),
    ).toBeNull();
    expect(signedInErrors).toEqual([]);
    await context.close();
  });
});
