// A notification's words in a language, from the web's own catalogue (locales/{es,en}/notifications.json): the
// API's Spanish title and body, and the push and e-mail copies in the recipient's language.
import {
  TIME_ZONE,
  notificationValues,
  type NotificationData,
  type NotificationMessage,
} from '@nocturna/shared';
import { webCatalogue } from '../../i18n/web-catalogue.ts';

export type WordingLocale = 'es' | 'en';
type Catalogue = {
  messages: Record<string, Record<string, string>>;
  roles: Record<string, string>;
  refusalReasons: Record<string, string>;
  refundReasons: Record<string, string>;
};

const catalogue = (locale: WordingLocale) => webCatalogue<Catalogue>(locale, 'notifications');

const INTL = { es: 'es-ES', en: 'en-GB' } as const;
// Intl's formatters are slow to build (a tenth of the door's CPU per scan went into building them for the holder's
// notification, inside the entry's transaction) and the same for every message: built once per catalogue.
const built = new WeakMap<Catalogue, ReturnType<typeof buildFormatters>>();
function formatters(locale: WordingLocale, words: Catalogue) {
  let found = built.get(words);
  if (!found) built.set(words, (found = buildFormatters(locale, words)));
  return found;
}

function buildFormatters(locale: WordingLocale, words: Catalogue) {
  const date = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(INTL[locale], { timeZone: TIME_ZONE, ...options });
    return (value: string | number) => format.format(new Date(value));
  };
  const money = new Intl.NumberFormat(INTL[locale], { style: 'currency', currency: 'EUR' });
  return {
    dayTime: date({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }),
    day: date({ weekday: 'long', day: 'numeric', month: 'long' }),
    time: date({ hour: '2-digit', minute: '2-digit' }),
    money: (cents: string | number) => money.format(Number(cents) / 100),
    label: (list: 'roles' | 'refusalReasons' | 'refundReasons', code: string) => words[list][code] ?? '',
  };
}

// i18next's plural keys (`title_one`, `title_other`) when the data has a count, as the web picks them.
const plurals = new Intl.PluralRules('es');
function template(entry: Record<string, string>, part: 'title' | 'body', count: unknown): string {
  if (typeof count === 'number') {
    const form = plurals.select(count) === 'one' ? 'one' : 'other';
    const plural = entry[`${part}_${form}`];
    if (plural !== undefined) return plural;
  }
  return entry[part] ?? '';
}

export function wordNotification(
  message: NotificationMessage,
  data: NotificationData,
  locale: WordingLocale,
): { title: string; body: string } {
  const words = catalogue(locale);
  const entry = words.messages[message] ?? {};
  const values = notificationValues(data, formatters(locale, words));
  const fill = (text: string) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? '')).trim();
  return {
    title: fill(template(entry, 'title', data.count)),
    body: fill(template(entry, 'body', data.count)),
  };
}
