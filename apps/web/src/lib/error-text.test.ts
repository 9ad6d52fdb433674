// @vitest-environment node
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import esCommon from '../i18n/locales/es/common.json';
import en from '../i18n/locales/en/errors.json';
import es from '../i18n/locales/es/errors.json';
import { ApiRequestError } from './api-client.ts';
import { errorText, isNetworkFailure, knownErrorText, useErrorText } from './error-text.ts';

const tEs = i18n.getFixedT('es', 'errors');
const tEn = i18n.getFixedT('en', 'errors');
// A feature's own translate function: the catalogue is found through it all the same.
const tTickets = i18n.getFixedT('en', 'tickets');

const SPANISH = 'Mensaje del servidor, solo en español';
const apiError = (status: number, code: string, extra: { field?: string; details?: unknown } = {}) =>
  new ApiRequestError(status, { code, message: SPANISH, ...extra });

describe('errorText: a failed request in the reader’s language', () => {
  it('words a known code from the catalogue, in Spanish and in English, never with the server’s message', () => {
    const error = apiError(409, 'TICKETS_SOLD_OUT');
    expect(errorText(tEs, error)).toBe(es.TICKETS_SOLD_OUT);
    expect(errorText(tEn, error)).toBe(en.TICKETS_SOLD_OUT);
    expect(errorText(tTickets, error)).toBe(en.TICKETS_SOLD_OUT);
    expect(errorText(tEn, error, 'fallback')).toBe(en.TICKETS_SOLD_OUT);
    for (const t of [tEs, tEn]) expect(errorText(t, error)).not.toContain(SPANISH);
  });

  it('words better-auth’s answers ({ code, message, status }) the same way', () => {
    const error = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 };
    expect(errorText(tEs, error)).toBe('Correo o contraseña incorrectos');
    expect(errorText(tEn, error)).toBe(en.INVALID_EMAIL_OR_PASSWORD);
  });

  it('puts the server’s wait into the words: seconds, then whole minutes', () => {
    const error = apiError(429, 'RATE_LIMITED', { details: { retryAfterSeconds: 42 } });
    expect(errorText(tEn, error)).toBe("You're going too fast. Try again in 42 seconds.");
    expect(errorText(tEs, error)).toBe('Vas demasiado rápido. Vuelve a intentarlo dentro de 42 segundos.');
    const one = apiError(429, 'RATE_LIMITED', { details: { retryAfterSeconds: 1 } });
    expect(errorText(tEs, one)).toBe('Vas demasiado rápido. Vuelve a intentarlo dentro de 1 segundo.');
    const long = apiError(429, 'RATE_LIMITED', { details: { retryAfterSeconds: 241 } });
    expect(errorText(tEn, long)).toBe("You're going too fast. Try again in 5 minutes.");
    // better-auth's client has it beside the code.
    expect(errorText(tEn, { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 42, status: 429 })).toBe(
      'Too many attempts. Try again in 42 seconds.',
    );
    expect(errorText(tEs, apiError(429, 'WALL_TOO_SOON', { details: { retryAfterSeconds: 17 } }))).toBe(
      'Espera 17 s antes de publicar otra foto.',
    );
  });

  it('says the code’s plain words when the server gives no wait, with no placeholder left', () => {
    const text = errorText(tEn, apiError(429, 'RATE_LIMITED'));
    expect(text).toBe(en.RATE_LIMITED);
    expect(errorText(tEs, apiError(429, 'TOO_MANY_SEARCHES'))).toBe(es.TOO_MANY_SEARCHES);
    for (const t of [tEs, tEn])
      for (const code of ['RATE_LIMITED', 'TOO_MANY_REQUESTS', 'PRICE_CHANGED', 'WALL_TOO_SOON'])
        expect(errorText(t, apiError(429, code))).not.toMatch(/\{\{|\}\}/);
  });

  it('says the new total of a changed price in the reader’s money format', () => {
    const error = apiError(409, 'PRICE_CHANGED', {
      field: 'expectedTotalCents',
      details: { total: { cents: 2000, currency: 'EUR' } },
    });
    expect(errorText(tEs, error)).toMatch(/^El precio ha cambiado .*el total ahora es 20,00\s€\./);
    expect(errorText(tEn, error)).toContain('the total is now €20.00.');
  });

  it('gives the caller’s fallback for a code the catalogue does not know, else the generic line', () => {
    const error = apiError(400, 'SOMETHING_NEW');
    expect(errorText(tEn, error, 'Could not save')).toBe('Could not save');
    expect(errorText(tEn, error)).toBe(en.UNKNOWN);
    expect(errorText(tEs, error)).toBe(es.UNKNOWN);
    expect(errorText(tEs, error)).not.toContain(SPANISH);
    expect(knownErrorText(tEn, error)).toBeNull();
    // An answer without a JSON body (a proxy's 502) gets HTTP_<status>: not a catalogue code.
    expect(errorText(tEn, new ApiRequestError(502, { code: 'HTTP_502', message: 'Bad Gateway' }))).toBe(
      en.UNKNOWN,
    );
    // The catalogue's lower-case parts are not codes.
    expect(errorText(tEn, { code: 'wait', message: SPANISH }, 'fb')).toBe('fb');
  });

  it('says "no connection" for a request that never got an answer', () => {
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'fetch failed',
    ]) {
      expect(isNetworkFailure(new TypeError(message))).toBe(true);
      expect(errorText(tEn, new TypeError(message), 'fallback')).toBe(en.NETWORK);
    }
    expect(errorText(tEs, { status: 0, statusText: '' })).toBe(es.NETWORK);
    // A programming error is no network failure.
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });

  it('words a per-person limit and a role the person already has from the details, in either language', () => {
    const limit = (n: number) => apiError(409, 'TICKET_LIMIT_REACHED', { details: { limit: n } });
    expect(errorText(tEn, limit(4))).toBe('One person can hold at most 4 tickets of this type.');
    expect(errorText(tEs, limit(1))).toBe('Puedes tener como mucho 1 entrada de este tipo por persona.');
    // Without the limit, the plain text.
    expect(errorText(tEn, apiError(409, 'TICKET_LIMIT_REACHED'))).toBe(en.TICKET_LIMIT_REACHED);
    const staff = (role: string) => apiError(409, 'ALREADY_STAFF', { field: 'login', details: { role } });
    expect(errorText(tEn, staff('owner'))).toBe(en.ALREADY_STAFF_owner);
    expect(errorText(tEs, staff('door'))).toBe(es.ALREADY_STAFF_door);
    expect(errorText(tEn, staff('someone'))).toBe(en.ALREADY_STAFF);
  });

  it('says a part of the app did not load, not "no connection", for a page\'s code that did not arrive', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://nocturna.example/assets/door-page-abc123.js',
      'error loading dynamically imported module: https://nocturna.example/assets/door-page-abc123.js',
      'Importing a module script failed.',
    ]) {
      expect(isNetworkFailure(new TypeError(message))).toBe(false);
      expect(errorText(tEn, new TypeError(message), 'fallback')).toBe(en.MODULE_LOAD);
      expect(errorText(tEs, new TypeError(message))).toBe(es.MODULE_LOAD);
    }
  });

  it('never shows an exception’s own message', () => {
    expect(errorText(tEn, new Error(SPANISH), 'fallback')).toBe('fallback');
    expect(errorText(tEn, new Error(SPANISH))).toBe(en.UNKNOWN);
    expect(errorText(tEn, SPANISH)).toBe(en.UNKNOWN);
    expect(errorText(tEn, null, 'fallback')).toBe('fallback');
  });
});

describe('useErrorText in a server render', () => {
  it('words the error from the catalogue without counting `errors` among the page’s first strings', async () => {
    const server = i18next.createInstance();
    await server.use(initReactI18next).init({
      lng: 'es',
      resources: { es: { common: esCommon, errors: es } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    function Alert() {
      const words = useErrorText();
      return createElement('p', null, words(apiError(409, 'TICKETS_SOLD_OUT'), 'fallback'));
    }
    const html = renderToString(createElement(I18nextProvider, { i18n: server }, createElement(Alert)));
    expect(html).toContain(es.TICKETS_SOLD_OUT);
    expect(html).not.toContain(SPANISH);
    // apps/server/test/pages/public.test.ts holds a public page's namespaces to the first load's: hydrating never
    // waits for `errors`.
    const used = (server as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
    expect(used?.getUsedNamespaces()).toEqual(['common']);
  });
});
