// The app shell in a real Chromium against the real server: sidebar, drawer, bottom bar, dropdowns,
// 404 and an axe-core accessibility pass, at the desktop (1280×800) and phone (390×844) viewports.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ownDemoSession,
  asDemo,
  gotoLive,
  launch,
  newContext,
  settle,
  snap,
  watchErrors,
} from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
const PUBLIC_PAGES = ['/', '/discotecas', '/eventos', '/login', '/esta-fiesta-no-existe'];
const NAV_LABELS = [
  'Home',
  'Discotecas',
  'Eventos',
  'Explorar',
  'Búsqueda',
  'Perfil',
  'Mensajes',
  'Notificaciones',
  'Conexiones',
  'Entradas',
  'Configuración',
  'Contact',
  'Asistente IA',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const width = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('app shell at 1280x800', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    context = await newContext(browser, 'desktop', baseURL);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the sidebar with the spec nav items in order, "Novedades" and "Iniciar Sesión"', async () => {
    await gotoLive(page, '/');
    await settle(page);
    const sidebar = page.getByTestId('desktop-sidebar');
    await expect(sidebar.isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('mobile-header').isVisible()).resolves.toBe(false);
    const labels = await sidebar.locator('nav ul').first().locator('a').allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual(NAV_LABELS);
    expect(await sidebar.getByRole('link', { name: 'Novedades' }).count()).toBe(1);
    expect(await sidebar.getByRole('button', { name: 'Iniciar Sesión' }).count()).toBe(1);
    expect(await width(page, 'desktop-sidebar')).toBe(288);
    await snap(page, 'shell-desktop-expanded');
  });

  it('collapses to 64 px with tooltips, and the collapse survives a reload', async () => {
    await page.getByRole('button', { name: 'Contraer menú' }).click();
    await expect.poll(() => width(page, 'desktop-sidebar')).toBe(64);
    await page.getByTestId('desktop-sidebar').getByRole('link', { name: 'Eventos' }).hover();
    expect(await page.getByTestId('side-tooltip').innerText()).toBe('Eventos');
    await snap(page, 'shell-desktop-collapsed');
    await page.reload();
    await settle(page);
    expect(await width(page, 'desktop-sidebar')).toBe(64);
    await page.getByRole('button', { name: 'Expandir menú' }).click();
    await expect.poll(() => width(page, 'desktop-sidebar')).toBe(288);
  });

  it('shows exactly the 404 text on an unknown path, inside the shell', async () => {
    await page.goto('/esta-fiesta-no-existe');
    expect(await page.getByTestId('not-found').innerText()).toBe(
      '404 | ¡Fiesta equivocada! Página no encontrada.',
    );
    await expect(page.getByTestId('desktop-sidebar').isVisible()).resolves.toBe(true);
    await snap(page, 'shell-desktop-404');
  });

  it('has no serious or critical axe violations on the public pages', async () => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await settle(page);
      expect(await seriousViolations(page, 'document'), path).toEqual([]);
    }
  });

  it('signed in as admin: "Cerrar Sesión" in the footer and the Admin Dashboard link right after Home', async () => {
    await asDemo(context, 'admin');
    await gotoLive(page, '/');
    await settle(page);
    const sidebar = page.getByTestId('desktop-sidebar');
    await sidebar.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
    // Admins may scan at every door, so "Puerta" follows the role links once the door access has loaded.
    await sidebar.getByRole('link', { name: 'Puerta' }).waitFor();
    const labels = (await sidebar.locator('nav ul').first().locator('a').allInnerTexts()).map((l) =>
      l.trim(),
    );
    expect(labels.slice(0, 4)).toEqual(['Home', 'Admin Dashboard', 'Puerta', 'Discotecas']);
    expect(labels).not.toContain('CEO Dashboard');
    await snap(page, 'shell-desktop-admin');
    await context.clearCookies();
  });

  it('logged no page errors', () => expect(errors).toEqual([]));
});

describe('app shell at 390x844', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    context = await newContext(browser, 'phone', baseURL);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  const drawerOpen = () => page.getByTestId('mobile-drawer').getAttribute('data-open');
  const bodyOverflow = () => page.evaluate(() => document.body.style.overflow);

  it('shows the fixed header and the bottom bar with the first five items, the current one marked', async () => {
    await gotoLive(page, '/eventos');
    await settle(page);
    await expect(page.getByTestId('desktop-sidebar').isVisible()).resolves.toBe(false);
    await expect(page.getByTestId('mobile-header').isVisible()).resolves.toBe(true);
    const bar = page.getByTestId('bottom-tab-bar');
    expect((await bar.locator('a').allInnerTexts()).map((l) => l.trim())).toEqual([
      'Home',
      'Discotecas',
      'Eventos',
      'Explorar',
      'Búsqueda',
    ]);
    expect(await bar.locator('a[aria-current="page"]').innerText()).toBe('Eventos');
    await expect.poll(drawerOpen).toBe('false');
    await snap(page, 'shell-phone-eventos');
  });

  it('opens the drawer with the toggle, locks scroll, moves focus in; the toggle closes it and focus returns', async () => {
    const toggle = page.getByTestId('drawer-toggle');
    await toggle.click();
    await expect.poll(drawerOpen).toBe('true');
    await expect.poll(bodyOverflow).toBe('hidden');
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('mobile-drawer')!.contains(document.activeElement)),
      )
      .toBe(true);
    await settle(page);
    await snap(page, 'shell-phone-drawer');
    await page.getByTestId('mobile-drawer').getByRole('button', { name: 'Cerrar menú' }).click();
    await expect.poll(drawerOpen).toBe('false');
    await expect.poll(bodyOverflow).toBe('');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('drawer-toggle');
  });

  it('closes the drawer on the overlay, on Escape and on a route change', async () => {
    const toggle = page.getByTestId('drawer-toggle');
    await toggle.click();
    await page.mouse.click(370, 500);
    await expect.poll(drawerOpen).toBe('false');

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect.poll(drawerOpen).toBe('false');
    await expect.poll(bodyOverflow).toBe('');

    await toggle.click();
    await page.getByTestId('mobile-drawer').getByRole('link', { name: 'Discotecas' }).click();
    await page.waitForURL('**/discotecas');
    await expect.poll(drawerOpen).toBe('false');
    await expect.poll(bodyOverflow).toBe('');
  });

  it('keeps keyboard focus inside the open drawer', async () => {
    await settle(page);
    await page.getByTestId('drawer-toggle').focus();
    await page.keyboard.press('Enter');
    await expect.poll(drawerOpen).toBe('true');
    const focusInDrawer = () =>
      page.evaluate(() => [
        document.getElementById('mobile-drawer')!.contains(document.activeElement),
        document.activeElement?.outerHTML.slice(0, 80),
      ]);
    // Opening moves focus into the drawer.
    await expect.poll(async () => (await focusInDrawer())[0]).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      const [inside, where] = await focusInDrawer();
      expect(inside, `after ${i + 1} presses focus is on ${where}`).toBe(true);
    }
    await page.keyboard.press('Escape');
  });

  it('signed out, the profile dropdown invites to join with Iniciar Sesión and Registrarse', async () => {
    await gotoLive(page, '/');
    await settle(page);
    await page.getByTestId('profile-toggle').click();
    const dropdown = page.getByTestId('profile-dropdown');
    expect(await dropdown.getByText('¡Únete a...!').count()).toBe(1);
    expect(await dropdown.getByRole('link', { name: 'Iniciar Sesión' }).getAttribute('href')).toBe('/login');
    expect(await dropdown.getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/register');
    await snap(page, 'shell-phone-dropdown-visitor');
    await page.keyboard.press('Escape');
    await expect.poll(() => dropdown.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('profile-toggle');
  });

  it('shows exactly the 404 text on an unknown path', async () => {
    await page.goto('/otra/ruta/que/no/existe');
    expect(await page.getByTestId('not-found').innerText()).toBe(
      '404 | ¡Fiesta equivocada! Página no encontrada.',
    );
    await snap(page, 'shell-phone-404');
  });

  it('has no serious or critical axe violations on the public pages', async () => {
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await settle(page);
      expect(await seriousViolations(page, 'document'), path).toEqual([]);
    }
  });

  it('signed in, the dropdown shows name, e-mail, six nav items and "Cerrar Sesión", which closes it', async () => {
    await ownDemoSession(context, 'user', baseURL);
    await gotoLive(page, '/');
    await settle(page);
    await page.getByTestId('profile-toggle').click();
    const dropdown = page.getByTestId('profile-dropdown');
    expect(await dropdown.getByTestId('dropdown-name').innerText()).toBe('Lucía Martín');
    expect(await dropdown.getByText('user@demo.nocturna.es').count()).toBe(1);
    expect(await dropdown.getByTestId('dropdown-dashboards').count()).toBe(0);
    expect(
      (await dropdown.getByTestId('dropdown-nav').locator('a').allInnerTexts()).map((l) => l.trim()),
    ).toEqual(NAV_LABELS.slice(0, 6));
    await snap(page, 'shell-phone-dropdown-user');
    await dropdown.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect.poll(() => dropdown.count()).toBe(0);
    await page.getByTestId('profile-toggle').click();
    await page.getByTestId('profile-dropdown').getByText('¡Únete a...!').waitFor();
  });

  it('logged no page errors', () => expect(errors).toEqual([]));
});
