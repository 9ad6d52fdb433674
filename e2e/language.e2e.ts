// English all through, and Spanish all through: every public page and the signed-in pages of each role (user,
// ceo, dj, rpp, admin, door staff) are opened in English and in Spanish, and none shows a word of the other language from a
// fixed list of the app's own words (navigation, dates, prices, genres, statuses). The lists leave out words the
// Madrid dataset uses in names and descriptions (club, event and DJ names stay as they are in either language).
// A notification is shown in the page's language too, on the phone and the desktop.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { asDemo, demoRequest, launch, newContext, settle, snap, watchErrors } from './browser.ts';
import type { DemoAccount } from './global-setup.ts';
import { signUp } from './people-setup.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let admin: APIRequestContext;

beforeAll(async () => {
  browser = await launch();
  admin = await demoRequest(baseURL, 'admin');
});
afterAll(async () => {
  await admin?.dispose();
  await browser?.close();
});

// The app's own Spanish words, never in an English page: UI words, weekday and month names, genre labels. Not
// "jueves" nor "viernes": club descriptions (Spanish data, shown as written) and event addresses use them. The run
// shares one server, so the names other journeys give their people and nights (shown on the admin's and the
// promoter's pages) must keep clear of these words too.
const SPANISH = [
  'Entradas',
  'entradas',
  'Comprar',
  'Agotado',
  'desde',
  'Próximos',
  'Iniciar sesión',
  'Cerrar sesión',
  'Buscar',
  'Ajustes',
  'Discotecas',
  'Notificaciones',
  'Novedades',
  'Mensajes',
  'Guardar',
  'Vendidas',
  'Ingresos',
  'Géneros',
  'Comercial',
  'Cargando',
  'noche del',
  'Mi noche',
  'lunes',
  'martes',
  'miércoles',
  'sábado',
  'noviembre',
  'diciembre',
  'enero',
  'Hoy',
  'Mañana',
];
// The app's own English words, never in a Spanish page.
const ENGLISH = [
  'Sign in',
  'Sign out',
  'Upcoming',
  'Sold out',
  'Settings',
  'Notifications',
  'Search',
  'Tonight',
  'Tomorrow',
  'Sunday',
  'Monday',
  'Friday',
  'November',
  'December',
  'Loading',
  'Commercial',
  'Electronic',
  'Revenue',
  'My night',
  'Mark all as read',
  'What’s New',
  "What's New",
];

const wordsIn = (text: string, words: string[]) =>
  words.filter((w) =>
    new RegExp(`(?<![\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(text),
  );

// The online map style of /explore is out of reach here (the map falls back to its offline basemap, as
// discovery.e2e.ts checks); every other error fails the journey.
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('https://tiles.openfreemap.org/'));

async function foreignWords(page: Page, lang: 'es' | 'en'): Promise<string[]> {
  const text = `${await page.title()}\n${await page.locator('body').innerText()}`;
  return wordsIn(text, lang === 'en' ? SPANISH : ENGLISH);
}

// Opens the page in a language (the `lang` parameter, as the language switch leaves it) and checks it at rest.
async function checkPage(page: Page, path: string, lang: 'es' | 'en') {
  const url = `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
  await page.goto(url);
  await settle(page);
  await page.locator('main').first().waitFor();
  await expect
    .poll(
      async () =>
        (await page
          .getByRole('status')
          .filter({ hasText: /Cargando|Loading/ })
          .count()) === 0,
    )
    .toBe(true);
  await expect.poll(() => foreignWords(page, lang), { message: `${lang} ${path}` }).toEqual([]);
}

async function hrefOn(page: Page, path: string, selector: string): Promise<string> {
  await page.goto(path);
  await settle(page);
  const href = await page.locator(selector).first().getAttribute('href');
  // A path of this site (the selector names its start), never an empty or outside address.
  expect(href, `${selector} on ${path}`).toMatch(/^\/[a-z]+\/[^/?#]+/);
  return href!.split('?')[0]!;
}

const PUBLIC = [
  '/',
  '/eventos',
  '/discotecas',
  '/explore',
  '/novedades',
  '/search?q=techno',
  '/contact',
  '/login',
  '/register',
  '/terminos',
  '/privacidad',
];
const SIGNED_IN: Record<DemoAccount, string[]> = {
  user: [
    '/dashboard',
    '/tickets',
    '/notifications',
    '/settings',
    '/profile',
    '/messages',
    '/connections',
    '/ai-chat',
    '/novedades',
  ],
  ceo: ['/ceo/dashboard'],
  dj: ['/dj/dashboard'],
  rpp: ['/rpp/dashboard'],
  admin: ['/admin/dashboard'],
  puerta: ['/puerta'],
};

describe('one language per page at 1280x800', () => {
  it('public pages: no Spanish word in English, no English word in Spanish', async () => {
    const context = await newContext(browser, 'desktop', baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const pages = [
      ...PUBLIC,
      await hrefOn(page, '/eventos', 'main a[href^="/evento/"]'),
      await hrefOn(page, '/discotecas', 'main a[href^="/discoteca/"]'),
    ];
    for (const lang of ['en', 'es'] as const) for (const path of pages) await checkPage(page, path, lang);
    await checkPage(page, pages.at(-2)!, 'en');
    await snap(page, 'language-event-en-desktop');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it.each(Object.keys(SIGNED_IN) as DemoAccount[])(
    'signed-in pages of %s: no Spanish word in English, no English word in Spanish',
    async (who) => {
      const context = await asDemo(await newContext(browser, 'desktop', baseURL), who);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const pages = [...SIGNED_IN[who]];
      if (who === 'ceo')
        pages.push(
          await hrefOn(page, '/ceo/dashboard', 'main a[href^="/ceo/discoteca/"][href$="/analytics"]'),
        );
      for (const lang of ['en', 'es'] as const) for (const path of pages) await checkPage(page, path, lang);
      await checkPage(page, pages.at(-1)!, 'en');
      await snap(page, `language-${who}-en-desktop`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

// A fresh person, so a demo account's roles stay as they are: an administrator grants them the DJ role.
async function personWithRole(context: BrowserContext) {
  const { id: userId } = await signUp(context, baseURL, 'Lola', 'Idioma');
  const granted = await admin.put(`/api/admin/users/${encodeURIComponent(userId)}/roles/dj`);
  expect(granted.status(), await granted.text()).toBe(200);
}

describe.each(['desktop', 'phone'] as const)('notifications in the page language at %s', (viewport) => {
  it('words a notification in English and in Spanish from the same stored message', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await personWithRole(context);
    await checkPage(page, '/notifications', 'en');
    await expect
      .poll(() => page.getByTestId('notification').first().innerText())
      .toContain('You have a new role: DJ');
    await snap(page, `language-notifications-en-${viewport}`);
    await checkPage(page, '/notifications', 'es');
    await expect
      .poll(() => page.getByTestId('notification').first().innerText())
      .toContain('Tienes un nuevo rol: DJ');
    expect(errors).toEqual([]);
    await context.close();
  });
});
