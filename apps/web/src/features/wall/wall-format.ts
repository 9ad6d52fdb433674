// Times on the wall, in Madrid: the hour for tonight's snapshots, the day too for older ones. Written without Intl,
// like the catalogue's dates (lib/madrid-clock.ts); the unit test holds them to Intl's output.
import { formatLongDay, formatShortDate, formatTime, type Locale } from '../../lib/catalogue-format.ts';

// "23:05" tonight; "20 nov, 23:05" (es) / "20 Nov, 23:05" (en) for an older one.
export function snapshotTime(iso: string, locale: Locale, now = new Date()): string {
  const sameNight = now.getTime() - new Date(iso).getTime() < 12 * 3600_000;
  const time = formatTime(iso, locale);
  return sameNight ? time : `${formatShortDate(iso, locale)}, ${time}`;
}

// "viernes, 20 de noviembre, 23:05" (es) / "Friday 20 November at 23:05" (en).
export function longTime(iso: string, locale: Locale): string {
  const day = formatLongDay(iso, locale);
  const time = formatTime(iso, locale);
  return locale === 'en-GB' ? `${day} at ${time}` : `${day}, ${time}`;
}
