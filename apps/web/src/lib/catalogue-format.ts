// Money and dates as a person in Madrid reads them, whatever the browser's own time zone is.
import { TIME_ZONE } from '@nocturna/shared/constants';

export type Locale = 'es-ES' | 'en-GB';

export const localeOf = (language: string | undefined): Locale =>
  language?.startsWith('en') ? 'en-GB' : 'es-ES';

// The first date format a page makes loads the browser's locale data (tens of milliseconds on a phone): made ahead,
// in a task of its own before hydration (the caller yields between them), instead of inside it.
export function formatWarmups(language: string | undefined): (() => void)[] {
  const locale = localeOf(language);
  return [() => formatter(locale, DAY)];
}

// Euro amounts are written here rather than by Intl.NumberFormat: the first number format a page makes loads the
// browser's number data, 60–120 ms of a phone's main thread on the first load of a public page (issue 14: total
// blocking time), and every price is in euros in one of two locales. The unit test holds it to Intl's own output.
const PRICE_STYLE = {
  // Spanish groups thousands only from five digits (CLDR's minimum grouping digits), the sign after a no-break space.
  'es-ES': { group: '.', decimal: ',', groupFrom: 5, write: (n: string) => `${n}\u00a0€` },
  'en-GB': { group: ',', decimal: '.', groupFrom: 4, write: (n: string) => `€${n}` },
} as const;

// "15 €", "12,50 €" (es) / "€15", "€12.50" (en): whole euros drop the decimals.
export function formatPrice(cents: number, locale: Locale = 'es-ES'): string {
  const style = PRICE_STYLE[locale];
  const whole = Math.round(Math.abs(cents));
  let euros = String(Math.floor(whole / 100));
  if (euros.length >= style.groupFrom) euros = euros.replace(/\B(?=(\d{3})+$)/g, style.group);
  const rest = whole % 100;
  const amount = rest === 0 ? euros : `${euros}${style.decimal}${String(rest).padStart(2, '0')}`;
  return `${cents < 0 ? '-' : ''}${style.write(amount)}`;
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
