// The account journeys at both viewports: a forgotten password (login → "¿Olvidaste tu contraseña?" → the mail
// in the outbox page → a new password → signed in with it), and the contact form reaching the admin inbox, where
// the admin answers it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, snap, watchErrors, VIEWPORTS, type ViewportName } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator('form');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByText('¡Sesión iniciada con éxito!').waitFor();
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('account at %s', (viewport) => {
  it('resets a forgotten password from the mail in the outbox and signs in with the new one', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const suffix = `${viewport}${Date.now().toString(36)}`;
    const email = `olvido.${suffix}@example.com`;
    const signUp = await context.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL },
      data: {
        email,
        password: 'Primera-vez-en-Sol-1',
        firstName: 'Olvido',
        lastName: 'Noche',
        username: `olvido_${suffix}`.slice(0, 30),
        phoneNumber: '+34612345678',
        dateOfBirth: '1994-05-02',
        gender: 'female',
        acceptTerms: true,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL((url) => url.pathname === '/olvide-contrasena');
    await page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
    await page.getByLabel('Correo electrónico').fill(email);
    await snap(page, `account-${viewport}-01-forgot`);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('Si hay una cuenta con ese correo').waitFor();
    await snap(page, `account-${viewport}-02-forgot-sent`);

    // The mail arrives in the outbox (the queue sends it within a second or two). The outbox answers only the
    // server's own machine: this browser is on it, so it stops passing for another client (X-Forwarded-For).
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '127.0.0.1' });
    await page.goto('/dev/outbox');
    const item = page.getByRole('button', {
      name: new RegExp(`Restablece tu contraseña de Nocturna.*${email.replace(/\./g, '\\.')}`),
    });
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    const link = page
      .getByRole('list', { name: 'Enlaces del correo' })
      .getByRole('link', { name: /restablecer-contrasena\?token=/ });
    await link.waitFor();
    await snap(page, `account-${viewport}-03-outbox`);
    await link.click();

    await page.waitForURL((url) => url.pathname === '/restablecer-contrasena');
    await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
    await page.getByLabel('Contraseña nueva').fill('Segunda-vuelta-por-Lavapies-2');
    await page.getByLabel('Repite la contraseña').fill('Segunda-vuelta-por-Lavapies-2');
    await snap(page, `account-${viewport}-04-reset`);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await signIn(page, email, 'Segunda-vuelta-por-Lavapies-2');
    // The mail's link names the server's public origin (PUBLIC_URL, the journeys' own address), where the session
    // now is.
    await page.goto(new URL('/ajustes', page.url()).href);
    await page.getByRole('heading', { name: 'Sesiones activas' }).waitFor();
    await page.locator('#sesiones').getByText('Este dispositivo', { exact: true }).waitFor();
    await snap(page, `account-${viewport}-05-settings`);
    await page.locator('#notificaciones').scrollIntoViewIfNeeded();
    await snap(page, `account-${viewport}-05b-settings-notifications`);
    await page.locator('#sesiones').scrollIntoViewIfNeeded();
    await snap(page, `account-${viewport}-06-settings-sessions`);
    await page.locator('#datos').scrollIntoViewIfNeeded();
    await snap(page, `account-${viewport}-07-settings-data`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the contact form signed out and the admin answers it from the inbox', async () => {
    const visitor = await newContext(browser, viewport, baseURL);
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    const email = `contacto.${viewport}${Date.now().toString(36)}@example.com`;
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contacto' }).waitFor();
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('Escribe tu nombre (al menos 2 caracteres).').waitFor();
    await snap(page, `account-${viewport}-10-contact-errors`);
    await page.getByLabel('Nombre').fill('Lucía Visitante');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Tema').selectOption('tickets');
    await page.getByLabel('Mensaje').fill('No encuentro el QR de mi entrada del sábado.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.getByText('¡Mensaje recibido!').waitFor();
    await snap(page, `account-${viewport}-11-contact-sent`);
    expect(errors).toEqual([]);
    await visitor.close();

    const admin = await newContext(browser, viewport, baseURL);
    const adminPage = await admin.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto('/login?from=%2Fadmin%2Fdashboard');
    await signIn(adminPage, 'admin@demo.nocturna.es', 'nocturna');
    await adminPage.goto('/admin/dashboard#contacto');
    const message = adminPage.locator('li', { hasText: email });
    await message.waitFor();
    await message.scrollIntoViewIfNeeded();
    await snap(adminPage, `account-${viewport}-12-inbox`);
    await message.getByRole('button', { name: 'Responder por correo' }).click();
    await message.getByLabel(`Respuesta a ${email}`).fill('Lo tienes en Entradas; te lo reenviamos.');
    await message.getByRole('button', { name: 'Enviar respuesta' }).click();
    await adminPage.getByText('Respuesta enviada').waitFor();
    await adminPage.getByRole('tab', { name: 'Atendidos' }).click();
    await adminPage.locator('li', { hasText: email }).getByText('Lo tienes en Entradas').waitFor();
    await snap(adminPage, `account-${viewport}-13-inbox-handled`);
    expect(adminErrors).toEqual([]);
    await admin.close();
  });
});
