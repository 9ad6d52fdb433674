// Times in the messages screens, by the calendar in Madrid whatever the browser's own time zone is:
// the list shows "23:41" today, "Ayer", the weekday within a week, then the date; the thread groups by day.
import { TIME_ZONE } from '@nocturna/shared/constants';
import { formatDay, formatTime, type Locale } from '../../lib/catalogue-format.ts';

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const madridDay = (date: Date): string => dayKeyFormat.format(date);

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);

export type DayLabel = { kind: 'today' | 'yesterday' } | { kind: 'date'; text: string };

export function dayLabel(iso: string, locale: Locale, now: Date = new Date()): DayLabel {
  const gap = daysBetween(madridDay(new Date(iso)), madridDay(now));
  if (gap <= 0) return { kind: 'today' };
  if (gap === 1) return { kind: 'yesterday' };
  return { kind: 'date', text: formatDay(iso, locale) };
}

const weekday = new Map<Locale, Intl.DateTimeFormat>();

export function listTime(iso: string, locale: Locale, yesterday: string, now: Date = new Date()): string {
  const gap = daysBetween(madridDay(new Date(iso)), madridDay(now));
  if (gap <= 0) return formatTime(iso, locale);
  if (gap === 1) return yesterday;
  if (gap < 7) {
    let f = weekday.get(locale);
    if (!f)
      weekday.set(locale, (f = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, weekday: 'short' })));
    return f.format(new Date(iso));
  }
  return new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, day: 'numeric', month: 'short' }).format(
    new Date(iso),
  );
}
