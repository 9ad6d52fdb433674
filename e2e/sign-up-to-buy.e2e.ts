// Signing up (or in) to buy, at both viewports: a visitor on an event page chooses a ticket type and a quantity,
// is asked to sign in, creates an account (accepting the terms) or signs in, and is back on the event page with
// the ticket sheet open on that choice. Along the way: the password field's show/hide toggle, "Continuar con
// Google" disabled with its reason (the journeys' server has no Google client), and the legal pages in both
// languages, linked from the footer.
import { eventWithDoorOffer, type DoorOffer } from './door-offer.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { gotoLive, launch, newContext, snap, watchErrors, VIEWPORTS, type ViewportName } from './browser.ts';
import { seriousViolations } from './axe.ts';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

// An event at least two days ahead with a pay-at-the-door type on sale that allows two per person.
const pickEvent = (context: BrowserContext) => eventWithDoorOffer(context, (o) => o.perPersonLimit >= 2);

// Signed out on the event page: choose the type and two tickets, then "Inicia sesión para conseguirlas".
async function chooseTwo(
  page: Page,
  slug: string,
  name: string,
  offer: DoorOffer,
  shot: string,
): Promise<Locator> {
  await gotoLive(page, `/evento/${slug}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: `Conseguir entrada ${offer.name}` }).click();
  const sheet = page.getByRole('dialog', { name: offer.name });
  await sheet.getByRole('button', { name: 'Una más' }).click();
  expect(await sheet.locator('output').textContent()).toBe('2');
  await sheet.getByText('Volverás aquí con esta elección').waitFor();
  await snap(page, shot);
  await sheet.getByRole('button', { name: 'Inicia sesión para conseguirlas' }).click();
  const auth = page.getByRole('dialog', { name: 'Inicia sesión' });
  await auth.waitFor();
  const url = new URL(page.url());
  expect(url.searchParams.get('entrada')).toBe(offer.id);
  expect(url.searchParams.get('cantidad')).toBe('2');
  return auth;
}

// The sheet is open again on the same type with two tickets.
async function expectSheetBack(page: Page, offer: DoorOffer) {
  const sheet = page.getByRole('dialog', { name: offer.name });
  await sheet.waitFor();
  expect(await sheet.locator('output').textContent()).toBe('2');
  await sheet.getByRole('button', { name: 'Confirmar 2 entradas' }).waitFor();
  return sheet;
}

// The password field's toggle: pressed shows the text, pressed again hides it; the value stays.
async function checkToggle(scope: Locator, password: string) {
  const field = scope.getByLabel('Contraseña', { exact: true });
  const toggle = scope.getByRole('button', { name: 'Mostrar contraseña' });
  expect(await field.getAttribute('type')).toBe('password');
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  await toggle.click();
  expect(await field.getAttribute('type')).toBe('text');
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  expect(await field.inputValue()).toBe(password);
  await toggle.click();
  expect(await field.getAttribute('type')).toBe('password');
  expect(await toggle.getAttribute('aria-pressed')).toBe('false');
}

// "Continuar con Google" is there, disabled, and says why.
async function checkGoogleOff(auth: Locator) {
  const google = auth.getByRole('button', { name: 'Continuar con Google' });
  expect(await google.isDisabled()).toBe(true);
  const reason = auth.getByText('El acceso con Google no está disponible en este servidor.');
  await reason.waitFor();
  expect(await google.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('sign up to buy at %s', (viewport) => {
  it('a visitor chooses two tickets, signs up accepting the terms, and is back on the sheet with that choice', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const suffix = `${viewport}${Date.now().toString(36)}`;
    const password = 'Pista-de-Chueca-77';
    const { slug, name, offer } = await pickEvent(context);

    const auth = await chooseTwo(page, slug, name, offer, `sign-up-to-buy-${viewport}-00-sheet-signed-out`);
    await checkGoogleOff(auth);
    await snap(page, `sign-up-to-buy-${viewport}-01-sign-in-asked`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    await auth.getByRole('button', { name: 'Regístrate' }).click();
    const signUp = page.getByRole('dialog', { name: 'Crea tu cuenta' });
    await checkGoogleOff(signUp);
    await signUp.getByLabel('Nombre', { exact: true }).fill('Nerea');
    await signUp.getByLabel('Apellidos').fill('Compra');
    await signUp.getByLabel('Nombre de usuario').fill(`nerea_${suffix}`);
    await signUp.getByText('¡Disponible!').waitFor();
    await signUp.getByRole('button', { name: 'Siguiente' }).click();
    await signUp.getByLabel('Teléfono').fill('+34 611 222 333');
    await signUp.getByLabel('Fecha de nacimiento').fill('1997-05-20');
    await signUp.getByLabel('Género').selectOption('female');
    await signUp.getByRole('button', { name: 'Siguiente' }).click();
    await signUp.getByText('Paso 3/3').waitFor();
    await signUp.getByLabel('Correo electrónico').fill(`nerea.${suffix}@example.com`);
    await signUp.getByLabel('Contraseña', { exact: true }).fill(password);
    await checkToggle(signUp, password);

    // Without the consent the account is not created; the links lead to the real pages, in a new tab.
    await signUp.getByRole('button', { name: 'Crear Cuenta' }).click();
    const consentError = signUp.getByText(
      'Para crear tu cuenta tienes que aceptar los términos de uso y la política de privacidad.',
    );
    await consentError.waitFor();
    const consent = signUp.getByRole('checkbox', { name: /He leído y acepto los Términos de uso/ });
    expect(await consent.getAttribute('aria-invalid')).toBe('true');
    const terms = signUp.getByRole('link', { name: 'Términos de uso' });
    expect(await terms.getAttribute('href')).toBe('/terminos');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await signUp.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(
      '/privacidad',
    );
    await snap(page, `sign-up-to-buy-${viewport}-02-consent-required`);
    expect(await seriousViolations(page, 'document')).toEqual([]);
    await consent.check();
    await consentError.waitFor({ state: 'detached' });
    await signUp.getByRole('button', { name: 'Crear Cuenta' }).click();
    await page.getByText('¡Cuenta creada con éxito!').waitFor();

    // The page reloads signed in, back on the sheet with the same choice; confirming gets the two tickets.
    await page.waitForEvent('load');
    const sheet = await expectSheetBack(page, offer);
    await snap(page, `sign-up-to-buy-${viewport}-03-sheet-back`);
    expect(await seriousViolations(page, 'document')).toEqual([]);
    await sheet.getByRole('button', { name: 'Confirmar 2 entradas' }).click();
    await page.getByRole('heading', { name: '¡2 entradas conseguidas!' }).waitFor();
    // Done with: the choice has left the address, and a reload does not offer the sheet again.
    expect(new URL(page.url()).searchParams.has('entrada')).toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor chooses two tickets, signs in, and is back on the sheet with that choice', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const suffix = `in${viewport}${Date.now().toString(36)}`;
    const email = `ines.${suffix}@example.com`;
    const password = 'Vermut-en-La-Latina-9';
    const opened = await context.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL },
      data: {
        email,
        password,
        firstName: 'Inés',
        lastName: 'Vuelta',
        username: `ines_${suffix}`.slice(0, 30),
        phoneNumber: '+34 622 333 444',
        dateOfBirth: '1994-09-09',
        gender: 'female',
        acceptTerms: true,
      },
    });
    expect(opened.status()).toBe(200);
    await context.clearCookies();
    const { slug, name, offer } = await pickEvent(context);

    const auth = await chooseTwo(page, slug, name, offer, `sign-up-to-buy-${viewport}-00-sheet-signed-out-2`);
    await auth.getByLabel('Correo electrónico').fill(email);
    await auth.getByLabel('Contraseña', { exact: true }).fill(password);
    await checkToggle(auth, password);
    await snap(page, `sign-up-to-buy-${viewport}-04-sign-in`);
    await auth.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('¡Sesión iniciada con éxito!').waitFor();
    const sheet = await expectSheetBack(page, offer);
    await snap(page, `sign-up-to-buy-${viewport}-05-sheet-back-after-sign-in`);
    // Closing the sheet lets go of the choice.
    await sheet.getByRole('button', { name: 'Cerrar' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('entrada')).toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the terms and the privacy policy in Spanish and English, linked from the footer', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, '/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Términos de uso' }).click();
    await page.waitForURL((url) => url.pathname === '/terminos');
    await page.getByRole('heading', { level: 1, name: 'Términos de uso' }).waitFor();
    // Reached from the foot of another page, the document opens at its start.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByText(/Juzgados y Tribunales de Madrid/).waitFor();
    await page.getByText(/mayor de 18 años/).waitFor();
    await snap(page, `sign-up-to-buy-${viewport}-06-terminos`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
    await page.waitForURL((url) => url.pathname === '/privacidad');
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByText(/Agencia Española de Protección de Datos \(AEPD\)/).waitFor();
    await page.getByText(/artículo 22\.2 de la LSSI-CE/).waitFor();
    await snap(page, `sign-up-to-buy-${viewport}-07-privacidad`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    await page.goto('/terminos?lang=en');
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await page.getByText(/submit to the Courts of Madrid/).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL((url) => url.pathname === '/privacidad');
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByText(/Spanish Data Protection Agency \(AEPD\)/).waitFor();
    await snap(page, `sign-up-to-buy-${viewport}-08-privacy-en`);
    expect(await seriousViolations(page, 'document')).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
