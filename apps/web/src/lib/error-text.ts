// The one place a failed request becomes words for a person. The API answers `{ error: { code, message, field?,
// details? } }` and better-auth's client `{ code, message, status }`: the code is worded from the `errors` catalogue
// in the reader's language, with what the server adds to it (a wait, a new total); a request that never reached the
// server says so; anything else is the caller's own words, else a generic line. The server's `message` is Spanish
// only and meant for people reading the API: it is never shown.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// Any translate function: the `errors` namespace is named on every lookup, so a feature can hand over its own.
type Translate = TFunction<string>;

// The codes are upper-case words (ERROR_CODES, better-auth's); the catalogue's lower-case keys (`wait`) are parts.
const CODE = /^[A-Z][A-Z0-9_]*$/;
const MISSING = '\u0000';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

// A lazy part of the app (a page's code) that did not load: Chromium, Firefox and Safari word a failed dynamic
// import differently. Chromium's starts with "Failed to fetch", which is not a request for data that got no answer.
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function isModuleLoadFailure(error: unknown): boolean {
  return error instanceof Error && FAILED_IMPORT.test(error.message);
}

// fetch's own rejection (Chromium "Failed to fetch", Firefox "NetworkError…", Safari "Load failed", Node "fetch
// failed"), or better-auth's client answering status 0 for a request that got no answer.
export function isNetworkFailure(error: unknown): boolean {
  if (isModuleLoadFailure(error)) return false;
  if (error instanceof TypeError)
    return /failed to fetch|fetch failed|networkerror|network error|load failed/i.test(error.message);
  return isRecord(error) && error.status === 0;
}

// The answer's code, when it has one: an ApiRequestError, better-auth's error object, a feature's { code }.
export function errorCode(error: unknown): string | null {
  const code = isRecord(error) || error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && CODE.test(code) ? code : null;
}

// What the server adds for the words: a wait (details.retryAfterSeconds; better-auth's client and the assistant's
// stream carry it beside the code), a new total (details.total, in cents), a per-person limit (details.limit) and
// the role a person already has (details.role). Each picks its variant of the code's text (CODE_wait, CODE_total,
// CODE_limit with its plural forms, CODE_owner or CODE_door), which i18next falls back from to the plain one.
function valuesOf(t: Translate, error: unknown): Record<string, unknown> {
  const fields = error as { details?: unknown; retryAfterSeconds?: unknown; field?: unknown };
  const details = isRecord(fields.details) ? fields.details : {};
  const seconds = positive(details.retryAfterSeconds) ?? positive(fields.retryAfterSeconds);
  const cents = isRecord(details.total) ? positive(details.total.cents) : undefined;
  const values: Record<string, unknown> = {
    ns: 'errors',
    field: typeof fields.field === 'string' ? fields.field : undefined,
  };
  if (seconds !== undefined) {
    const whole = Math.ceil(seconds);
    values.seconds = whole;
    // Under a minute and a half in seconds; longer in whole minutes, rounded up.
    values.wait =
      whole < 90
        ? t('wait.seconds', { ns: 'errors', count: whole })
        : t('wait.minutes', { ns: 'errors', count: Math.ceil(whole / 60) });
    values.context = 'wait';
  } else if (cents !== undefined) {
    values.total = cents / 100;
    values.context = 'total';
  } else if (positive(details.limit) !== undefined && Number.isInteger(details.limit)) {
    values.limit = details.limit;
    values.count = details.limit;
    values.context = 'limit';
  } else if (details.role === 'owner' || details.role === 'door') {
    values.context = details.role;
  }
  return values;
}

// The catalogue's words for this error's code, or null when it has none (no code, or one the catalogue lacks).
export function knownErrorText(t: Translate, error: unknown): string | null {
  const code = errorCode(error);
  if (!code) return null;
  const text = t(code, { ...valuesOf(t, error), defaultValue: MISSING });
  return text === MISSING || text === '' ? null : text;
}

// The words for any failure: the code's, else "no connection" for a request that never got an answer, else "this
// part of the app did not load" for a page's code that did not arrive, else the caller's fallback, else the
// catalogue's generic line. Until the browser has the catalogue (see useErrorCatalogue)
// those two lines are common's, which the first load carries.
export function errorText(t: Translate, error: unknown, fallback?: string): string {
  const known = knownErrorText(t, error);
  if (known) return known;
  if (isNetworkFailure(error))
    return t('NETWORK', { ns: 'errors', defaultValue: t('errors.network', { ns: 'common' }) });
  if (isModuleLoadFailure(error))
    return t('MODULE_LOAD', { ns: 'errors', defaultValue: t('errors.generic', { ns: 'common' }) });
  return fallback ?? t('UNKNOWN', { ns: 'errors', defaultValue: t('errors.generic', { ns: 'common' }) });
}

// The errors catalogue's translate function in the page's language, for a component that may word an error. The
// catalogue is not among the first load's strings (i18n/index.ts): the browser loads it, in whichever language the
// page is shown, when such a component mounts, without suspending (a server-rendered page never waits for it to
// hydrate), and draws the component again once it is in; pages drawn in the browser have it before they are drawn.
// The server has every catalogue and words an error all the same; it does not count `errors` among the strings
// the page was drawn with, since hydrating does not need them (apps/server/test/pages/public.test.ts).
export function useErrorCatalogue(): Translate {
  return useTranslation(import.meta.env.SSR ? 'common' : 'errors', { useSuspense: false }).t;
}

// errorText in the page's language, for components.
export function useErrorText(): (error: unknown, fallback?: string) => string {
  const t = useErrorCatalogue();
  return useCallback((error: unknown, fallback?: string) => errorText(t, error, fallback), [t]);
}
