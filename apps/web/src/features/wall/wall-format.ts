// Times on the wall, in Madrid: the hour for tonight's snapshots, the day too for older ones.
import { TIME_ZONE } from '@nocturna/shared/constants';

export function snapshotTime(iso: string, locale: string, now = new Date()): string {
  const at = new Date(iso);
  const sameNight = now.getTime() - at.getTime() < 12 * 3600_000;
  return new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    ...(sameNight ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export function longTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}
