// Server refusals read in English: a person who chose English provokes real errors (a wrong password, the last
// place taken while they confirm, joining the waitlist of a type they already hold, a club's short address already
// taken) and reads each one in the English of the app's `errors` catalogue. The API's `message` is Spanish only:
// it is never on the page, and neither is any Spanish sentence of the catalogue.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { madridWallClock } from '@nocturna/shared/madrid-time';
import {
  asDemo,
  demoRequest,
  gotoLive,
  launch,
  newContext,
  ok,
  snap,
  type ViewportName,
  VIEWPORTS,
  watchErrors,
} from './browser.ts';
import { signUp } from './people-setup.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let ceo: APIRequestContext;

beforeAll(async () => {
  browser = await launch();
  ceo = await demoRequest(baseURL, 'ceo');
});
afterAll(async () => {
  await ceo?.dispose();
  await browser?.close();
});

// The catalogues the built app was made from, read when the journey runs.
type Catalogue = { [key: string]: string | Catalogue };
const LOCALES = path.resolve(import.meta.dirname, '../apps/web/src/i18n/locales');
const catalogue = (lang: 'es' | 'en', ns: string): Catalogue =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Catalogue;

// The words the catalogue gives a code in a language.
function errorWords(lang: 'es' | 'en', code: string): string {
  const text = catalogue(lang, 'errors')[code];
  if (typeof text !== 'string') throw new Error(`locales/${lang}/errors.json has no text for ${code}`);
  return text;
}

// Every whole Spanish sentence of the errors catalogue (the ones with a blank to fill are left out: only their
// filled-in form could be on a page).
const SPANISH_ERRORS = Object.values(catalogue('es', 'errors')).filter(
  (text): text is string => typeof text === 'string' && !text.includes('{{'),
);

// The page's language is English: `?lang=en` on each address, as the language switch leaves it (it also keeps the
// choice in localStorage and the cookie the server reads for the pages it draws).
const english = (address: string) => `${address}${address.includes('?') ? '&' : '?'}lang=en`;

// What the server answered to the request `matches` picks, made by `act`: its status, code and message, from our
// `{ error: { code, message } }` or the sign-in library's `{ code, message }`.
async function refusal(page: Page, matches: (url: URL, method: string) => boolean, act: () => Promise<void>) {
  const answered = page.waitForResponse((r) => matches(new URL(r.url()), r.request().method()));
  await act();
  const res = await answered;
  const body = (await res.json()) as {
    error?: { code: string; message: string };
    code?: string;
    message?: string;
  };
  return {
    status: res.status(),
    code: body.error?.code ?? body.code,
    message: body.error?.message ?? body.message ?? '',
  };
}

// The page as a person reads it now: in English, without the server's Spanish message nor any Spanish sentence
// of the errors catalogue.
async function expectEnglishOnly(page: Page, serverSpanish: string | null) {
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  const text = await page.locator('body').innerText();
  if (serverSpanish !== null) expect(text).not.toContain(serverSpanish);
  expect(SPANISH_ERRORS.filter((sentence) => text.includes(sentence))).toEqual([]);
}

// The browser logs the refused request's status as a failed resource: that is the answer the page words. Any
// other error fails the journey.
const besides = (errors: string[], status: number, address: RegExp) =>
  errors.filter((e) => !(e.includes(`status of ${status}`) && address.test(e)));

// A published night of the demo CEO's club five weeks ahead (past the nights other journeys pick from the first
// pages of listings), with one pay-at-the-door type of a single place, one per person.
async function onePlaceNight(tag: string) {
  const clubs = await ok<{ items: { id: string }[] }>(ceo.get('/api/manage/clubs'));
  const name = `Errores Idioma ${tag}`;
  const event = await ok<{ id: string; slug: string }>(
    ceo.post('/api/manage/events', {
      data: {
        clubId: clubs.items[0]!.id,
        name,
        date: madridWallClock(new Date(Date.now() + 35 * 86_400_000)).date,
        startTime: '23:30',
        endTime: '06:00',
        minimumAge: 18,
      },
    }),
  );
  const typeName = 'Única';
  const types = await ok<{ items: { id: string; name: string }[] }>(
    ceo.post(`/api/manage/events/${event.id}/ticket-types`, {
      data: { name: typeName, priceCents: 1200, capacity: 1, perPersonLimit: 1, payment: 'door' },
    }),
  );
  await ok(ceo.post(`/api/manage/events/${event.id}/status`, { data: { status: 'published' } }));
  return { ...event, name, typeName, typeId: types.items.find((t) => t.name === typeName)!.id };
}

// The one place, got over the API by a person signed in on `context`.
const buyThePlace = (context: BrowserContext, typeId: string) =>
  ok(
    context.request.post('/api/tickets', {
      headers: { origin: baseURL, 'idempotency-key': crypto.randomUUID() },
      data: { ticketTypeId: typeId, quantity: 1 },
    }),
  );

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('a wrong password in English at %s', (viewport) => {
  it('the sign-in page says it in English, never in Spanish', async () => {
    const context = await newContext(browser, viewport, baseURL);
    const person = await signUp(context, baseURL, 'Olivia', 'Clave');
    await context.clearCookies();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, english('/login'));
    const form = page.locator('form').filter({ has: page.getByLabel('Password', { exact: true }) });
    await form.getByLabel('Email', { exact: true }).fill(`${person.username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('Not-her-password-17');

    const answer = await refusal(
      page,
      (url, method) => method === 'POST' && url.pathname === '/api/auth/sign-in/email',
      () => form.getByRole('button', { name: 'Sign In' }).click(),
    );
    expect(answer).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    await page.getByText(errorWords('en', 'INVALID_EMAIL_OR_PASSWORD'), { exact: true }).waitFor();
    // The sign-in library answers in English itself: the page must not have fallen back to the Spanish words of
    // the code nor to the sign-in form's Spanish generic line.
    await expectEnglishOnly(page, null);
    const genericSpanish = catalogue('es', 'auth').toasts as Catalogue;
    expect(await page.locator('body').innerText()).not.toContain(genericSpanish.generic as string);
    await snap(page, `english-errors-sign-in-${viewport}`);
    expect(besides(errors, 401, /\/api\/auth\/sign-in\/email(\?|$)/)).toEqual([]);
    await context.close();
  });
});

describe('server refusals in English at 1280x800', () => {
  it('buying: the last place goes while the sheet is open, and "sold out" is said in English', async () => {
    const night = await onePlaceNight(`compra ${Date.now().toString(36)}`);
    const context = await newContext(browser, 'desktop', baseURL);
    await signUp(context, baseURL, 'Maya', 'Compra');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, english(`/evento/${night.slug}`));
    await page.getByRole('heading', { level: 1, name: night.name }).waitFor();
    await page.getByRole('button', { name: `Get a ${night.typeName} ticket` }).click();
    const sheet = page.getByRole('dialog', { name: night.typeName });
    const confirm = sheet.getByRole('button', { name: 'Confirm ticket' });
    await confirm.waitFor();

    // Someone else gets the only place while she is still looking at the sheet.
    const rival = await newContext(browser, 'desktop', baseURL);
    await signUp(rival, baseURL, 'Rita', 'Rapida');
    await buyThePlace(rival, night.typeId);
    await rival.close();

    const answer = await refusal(
      page,
      (url, method) => method === 'POST' && url.pathname === '/api/tickets',
      () => confirm.click(),
    );
    expect(answer).toMatchObject({ status: 409, code: 'TICKETS_SOLD_OUT' });
    expect(answer.message).not.toBe(errorWords('en', 'TICKETS_SOLD_OUT'));
    await sheet
      .getByRole('alert')
      .filter({ hasText: errorWords('en', 'TICKETS_SOLD_OUT') })
      .waitFor();
    await expectEnglishOnly(page, answer.message);
    await snap(page, 'english-errors-checkout-sold-out-desktop');
    expect(besides(errors, 409, /\/api\/tickets(\?|$)/)).toEqual([]);
    await context.close();
  });

  it('the waitlist: a holder of the sold-out type is told in English that the line is not for them', async () => {
    const night = await onePlaceNight(`espera ${Date.now().toString(36)}`);
    const context = await newContext(browser, 'desktop', baseURL);
    await signUp(context, baseURL, 'Vera', 'Lista');
    await buyThePlace(context, night.typeId);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, english(`/evento/${night.slug}`));
    const offer = page.getByTestId('ticket-offer').filter({ hasText: night.typeName });
    await offer.getByText('Sold out', { exact: true }).waitFor();

    const answer = await refusal(
      page,
      (url, method) => method === 'POST' && url.pathname === `/api/ticket-types/${night.typeId}/waitlist`,
      () => offer.getByRole('button', { name: `Join the waitlist for ${night.typeName}` }).click(),
    );
    expect(answer).toMatchObject({ status: 409, code: 'WAITLIST_ALREADY_HOLDER' });
    expect(answer.message).not.toBe(errorWords('en', 'WAITLIST_ALREADY_HOLDER'));
    const alert = offer.getByRole('alert').filter({ hasText: errorWords('en', 'WAITLIST_ALREADY_HOLDER') });
    await alert.waitFor();
    await alert.scrollIntoViewIfNeeded();
    await expectEnglishOnly(page, answer.message);
    await snap(page, 'english-errors-waitlist-holder-desktop');
    expect(besides(errors, 409, /\/api\/ticket-types\/[^/]+\/waitlist(\?|$)/)).toEqual([]);
    await context.close();
  });

  it('a form: a new club on a short address already taken is refused on that field, in English', async () => {
    // Any club's address is taken; the admin opens the new club in the form (an admin's club has no owner, so a
    // club wrongly let through would be nobody's).
    const listed = await ok<{ items: { slug: string }[] }>(ceo.get('/api/clubs?limit=1'));
    const taken = listed.items[0]!.slug;
    const context = await asDemo(await newContext(browser, 'desktop', baseURL), 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await gotoLive(page, english('/gestion/discotecas/nueva'));
    const form = page.getByRole('form', { name: 'Club details' });
    await form.getByLabel('Name', { exact: true }).fill(`Sala Idioma ${Date.now().toString(36)}`);
    const slug = form.getByLabel('Short address');
    await slug.fill(taken);
    await form.getByLabel('Address', { exact: true }).fill('Calle de la Luna 12');

    const answer = await refusal(
      page,
      (url, method) => method === 'POST' && url.pathname === '/api/manage/clubs',
      () => form.getByRole('button', { name: 'Create club' }).click(),
    );
    expect(answer).toMatchObject({ status: 409, code: 'SLUG_TAKEN' });
    expect(answer.message).not.toBe(errorWords('en', 'SLUG_TAKEN'));
    const fieldError = form.getByRole('alert').filter({ hasText: errorWords('en', 'SLUG_TAKEN') });
    await fieldError.waitFor();
    // The words are the short address field's own: it is marked invalid and described by them.
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    expect(await slug.getAttribute('aria-describedby')).toContain(await fieldError.getAttribute('id'));
    await slug.scrollIntoViewIfNeeded();
    await expectEnglishOnly(page, answer.message);
    await snap(page, 'english-errors-club-slug-taken-desktop');
    expect(besides(errors, 409, /\/api\/manage\/clubs(\?|$)/)).toEqual([]);
    await context.close();
  });
});
