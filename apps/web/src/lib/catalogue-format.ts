// Money and dates as a person in Madrid reads them, whatever the browser's own time zone is.
import type { TFunction } from 'i18next';
import { nightDateOf } from '@nocturna/shared/madrid-time';
import { madridClock } from './madrid-clock.ts';

export type Locale = 'es-ES' | 'en-GB';

export const localeOf = (language: string | undefined): Locale =>
  language?.startsWith('en') ? 'en-GB' : 'es-ES';

// Euro amounts are written here rather than by Intl.NumberFormat: the first number format a page makes loads the
// browser's number data, 60–120 ms of a phone's main thread on the first load of a public page (total
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

// An amount in euros as a person edits it in a form: "12,50" (es) / "12.50" (en), always two decimals, no grouping
// and no sign; the forms read back either separator.
export function formatAmount(cents: number, locale: Locale = 'es-ES'): string {
  const whole = Math.round(Math.abs(cents));
  return `${Math.floor(whole / 100)}${PRICE_STYLE[locale].decimal}${String(whole % 100).padStart(2, '0')}`;
}

// Day and month names as CLDR writes them (Intl's own words; the unit test compares every hour of two years), so that
// dates need no Intl.DateTimeFormat either: see madrid-clock.ts.
const NAMES = {
  'es-ES': {
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    shortWeekdays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
    months: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(
      ' ',
    ),
    shortMonths: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    day: (weekday: string, day: number, month: string) => `${weekday}, ${day} ${month}`,
    longDay: (weekday: string, day: number, month: string) => `${weekday}, ${day} de ${month}`,
  },
  'en-GB': {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortWeekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: 'January February March April May June July August September October November December'.split(
      ' ',
    ),
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    day: (weekday: string, day: number, month: string) => `${weekday} ${day} ${month}`,
    longDay: (weekday: string, day: number, month: string) => `${weekday} ${day} ${month}`,
  },
} as const;

// "vie, 20 nov" (es) / "Fri 20 Nov" (en) — the day of a night out.
export function formatDay(iso: string, locale: Locale = 'es-ES'): string {
  const names = NAMES[locale];
  const at = madridClock(new Date(iso));
  return names.day(names.shortWeekdays[at.weekday]!, at.day, names.shortMonths[at.month]!);
}

// "vie, 20 nov" (es) / "Fri 20 Nov" (en) — the night an instant belongs to (06:00 to 06:00 in Madrid): a set at
// 00:30 on Saturday is Friday's night. The analytics pages name their nights so, and their CSVs the same.
export function formatNightDay(iso: string, locale: Locale = 'es-ES'): string {
  const names = NAMES[locale];
  const night = nightDateOf(madridClock(new Date(iso)));
  return names.day(names.shortWeekdays[night.weekday]!, night.day, names.shortMonths[night.month]!);
}

// "viernes, 20 de noviembre" (es) / "Friday 20 November" (en) — headings of detail pages.
export function formatLongDay(iso: string, locale: Locale = 'es-ES'): string {
  const names = NAMES[locale];
  const at = madridClock(new Date(iso));
  return names.longDay(names.weekdays[at.weekday]!, at.day, names.months[at.month]!);
}

// "20 nov" (es) / "20 Nov" (en).
export function formatShortDate(iso: string, locale: Locale = 'es-ES'): string {
  const at = madridClock(new Date(iso));
  return `${at.day} ${NAMES[locale].shortMonths[at.month]!}`;
}

// "23:00" in Madrid, in both languages.
export function formatTime(iso: string, _locale: Locale = 'es-ES'): string {
  const at = madridClock(new Date(iso));
  return `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`;
}

export const formatTimeRange = (startIso: string, endIso: string, locale: Locale = 'es-ES') =>
  `${formatTime(startIso, locale)}–${formatTime(endIso, locale)}`;

// The night an event belongs to, as people say it: "noche del sábado 28 nov · 00:00–06:00" (es) / "Saturday night
// 28 Nov · 00:00–06:00" (en). Madrid's night runs 06:00 to 06:00 (nightDateOf), so a start at 00:00 on Sunday is
// Saturday night, and so is 05:59; 06:00 is Sunday's. The words come from the `common` catalogue.
export function formatNight(
  t: TFunction,
  startIso: string,
  endIso: string | null = null,
  locale: Locale = 'es-ES',
): string {
  const names = NAMES[locale];
  const night = nightDateOf(madridClock(new Date(startIso)));
  const label = t('common:night.label', {
    weekday: names.weekdays[night.weekday],
    day: night.day,
    month: names.shortMonths[night.month],
  });
  const times = endIso ? formatTimeRange(startIso, endIso, locale) : formatTime(startIso, locale);
  return t('common:night.withTimes', { night: label, times });
}

// Only the night's name: "noche del sábado 28 nov" / "Saturday night 28 Nov".
export function formatNightName(t: TFunction, startIso: string, locale: Locale = 'es-ES'): string {
  const names = NAMES[locale];
  const night = nightDateOf(madridClock(new Date(startIso)));
  return t('common:night.label', {
    weekday: names.weekdays[night.weekday],
    day: night.day,
    month: names.shortMonths[night.month],
  });
}

export const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export const instagramUrl = (handle: string) =>
  `https://www.instagram.com/${encodeURIComponent(handle.replace(/^@/, ''))}/`;

// "40 %" (es) / "40%" (en); a share not known yet reads as a dash. Under 10 % with one decimal ("0,3 %": 7 people
// in a 2,250 aforo is not "0 %"), and a share too small for that reads "< 0,1 %".
export function formatPercent(share: number | null, locale: Locale = 'es-ES'): string {
  if (share === null) return '—';
  const small = share > 0 && share < 0.1;
  const format = (n: number) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: small ? 1 : 0 }).format(n);
  return share > 0 && share < 0.0005 ? `< ${format(0.001)}` : format(share);
}
