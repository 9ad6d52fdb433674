// Money and dates as a person in Madrid reads them, whatever the browser's own time zone is.
import { TIME_ZONE } from '@nocturna/shared/constants';

export type Locale = 'es-ES' | 'en-GB';

export const localeOf = (language: string | undefined): Locale =>
  language?.startsWith('en') ? 'en-GB' : 'es-ES';

const priceFormats = new Map<string, Intl.NumberFormat>();
const priceFormat = (locale: Locale, digits: number): Intl.NumberFormat => {
  const key = locale + digits;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    priceFormats.set(key, format);
  }
  return format;
};

// The first number and date formatters load the browser's locale data (tens of milliseconds each on a phone):
// made ahead, each in a task of its own before hydration (the caller yields between them), instead of inside it.
export function formatWarmups(language: string | undefined): (() => void)[] {
  const locale = localeOf(language);
  return [() => priceFormat(locale, 0), () => priceFormat(locale, 2), () => formatter(locale, DAY)];
}

// "15 €", "12,50 €" (es) / "€15", "€12.50" (en): whole euros drop the decimals.
export function formatPrice(cents: number, locale: Locale = 'es-ES'): string {
  return priceFormat(locale, cents % 100 === 0 ? 0 : 2).format(cents / 100);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options });
    formatters.set(key, f);
  }
  return f;
}

// "vie, 20 nov" — the day of a night out.
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
export const formatDay = (iso: string, locale: Locale = 'es-ES') =>
  formatter(locale, DAY).format(new Date(iso));

// "viernes, 20 de noviembre" — headings of detail pages.
export const formatLongDay = (iso: string, locale: Locale = 'es-ES') =>
  formatter(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));

// "23:00" in Madrid.
export const formatTime = (iso: string, locale: Locale = 'es-ES') =>
  formatter(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

export const formatTimeRange = (startIso: string, endIso: string, locale: Locale = 'es-ES') =>
  `${formatTime(startIso, locale)}–${formatTime(endIso, locale)}`;

export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export const instagramUrl = (handle: string) =>
  `https://www.instagram.com/${encodeURIComponent(handle.replace(/^@/, ''))}/`;

// "40 %" (es) / "40%" (en); a share not known yet reads as a dash.
export const formatPercent = (share: number | null, locale: Locale = 'es-ES') =>
  share === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
