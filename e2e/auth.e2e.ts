// The account journey at both viewports: the gate on /mensajes, the three-step sign-up, sign-out, sign-in,
// "Acceso Denegado" on /admin/dashboard for a plain user, and the admin dashboard for the admin demo account.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, snap, watchErrors, VIEWPORTS, type ViewportName } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signIn(page: Page, email: string, password: string, from: string) {
  await page.goto(`/login?from=${encodeURIComponent(from)}`);
  const form = page.locator('form');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByText('¡Sesión iniciada con éxito!').waitFor();
  await page.waitForURL((url) => url.pathname === from);
}

async function signOut(page: Page) {
  await page.goto('/test-auth');
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('accounts at %s', (viewport) => {
  it('signs up in three steps, signs out, signs in, meets the gates and the admin dashboard', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const suffix = `${viewport}${Date.now().toString(36)}`;
    const email = `journey.${suffix}@example.com`;
    const password = 'Pista-de-Malasaña-42';
    const username = `noctambulo_${suffix}`;

    // Signed out, /mensajes shows its gate screen.
    await page.goto('/mensajes');
    await page.getByRole('heading', { name: 'Tus mensajes privados' }).waitFor();
    expect(await page.locator('[data-gate="messages"] li').count()).toBe(3);
    expect(await page.locator('canvas[data-particles="50"]').count()).toBe(1);
    await snap(page, `auth-${viewport}-01-gate-mensajes`);

    // "Crear Cuenta Gratis" opens the modal in sign-up mode.
    await page.getByRole('button', { name: 'Crear Cuenta Gratis' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    await dialog.getByText('Paso 1/3').waitFor();

    // Step 1 refuses to move on with missing fields, then takes names and a free username.
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await dialog.getByText('Este campo es obligatorio').first().waitFor();
    await dialog.getByLabel('Nombre', { exact: true }).fill('Marta');
    await dialog.getByLabel('Apellidos').fill('Noche');
    await dialog.getByLabel('Nombre de usuario').fill('lucia');
    await dialog
      .getByText('El nombre de usuario ya está cogido', { exact: false })
      .or(dialog.getByText('Ese nombre de usuario ya está cogido'))
      .waitFor();
    await dialog.getByLabel('Nombre de usuario').fill(username);
    await dialog.getByText('¡Disponible!').waitFor();
    await snap(page, `auth-${viewport}-02-signup-step1`);
    await dialog.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: phone, birth date, gender.
    await dialog.getByText('Paso 2/3').waitFor();
    await dialog.getByLabel('Teléfono').fill('+34 612 345 678');
    await dialog.getByLabel('Fecha de nacimiento').fill('1996-04-12');
    await dialog.getByLabel('Género').selectOption('prefer-not-to-say');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: e-mail and password; "Anterior" goes back without losing anything.
    await dialog.getByText('Paso 3/3').waitFor();
    await dialog.getByRole('button', { name: 'Anterior' }).click();
    expect(await dialog.getByLabel('Teléfono').inputValue()).toBe('+34 612 345 678');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
    await dialog.getByRole('checkbox', { name: /acepto los Términos de uso/ }).check();
    await snap(page, `auth-${viewport}-03-signup-step3`);
    await dialog.getByRole('button', { name: 'Crear Cuenta' }).click();
    await page.getByText('¡Cuenta creada con éxito!').waitFor();

    // The page reloads into the content: the gate is gone.
    await page.waitForEvent('load');
    await page.getByRole('button', { name: 'Crear Cuenta Gratis' }).waitFor({ state: 'detached' });
    expect(await page.locator('[data-gate]').count()).toBe(0);

    // /test-auth shows the session as the server sees it.
    await page.goto('/test-auth');
    await page.getByText(email).waitFor();
    await page.getByText(username).waitFor();
    await snap(page, `auth-${viewport}-04-test-auth`);

    // Sign out, then back in through /login, which returns to `from`.
    await signOut(page);
    await page.goto('/mensajes');
    await page.getByRole('heading', { name: 'Tus mensajes privados' }).waitFor();
    await signIn(page, email, password, '/test-auth');
    await page.getByText(email).waitFor();

    // A plain user on an admin page: "Acceso Denegado".
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    await page.getByText('No tienes los permisos de ADMIN para acceder a esta página.').waitFor();
    await page.getByRole('button', { name: 'Volver' }).waitFor();
    await snap(page, `auth-${viewport}-05-access-denied`);

    // The admin demo account sees the dashboard and grants the new user the DJ role.
    await signOut(page);
    await signIn(page, 'admin@demo.nocturna.es', 'nocturna', '/admin/dashboard');
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
    await page.getByPlaceholder('Buscar por nombre, usuario o correo').fill(username);
    const row = page.locator(`li[data-user-email="${email}"]`);
    await row.waitFor();
    const dj = row.getByRole('button', { name: 'Conceder el rol DJ a Marta Noche' });
    await dj.click();
    await row.getByRole('button', { name: 'Retirar el rol DJ a Marta Noche' }).waitFor();
    expect(await row.getByRole('button', { name: /DJ/ }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText(`admin@demo.nocturna.es concedió DJ a ${email}`).waitFor();
    await snap(page, `auth-${viewport}-06-admin-dashboard`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
