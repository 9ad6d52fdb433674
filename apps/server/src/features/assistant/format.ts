// Dates and prices as the assistant says them, in Madrid's time.
import { TIME_ZONE } from '@nocturna/shared';
import type { Lang } from './language.ts';

export function when(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
}

export function price(cents: number, lang: Lang): string {
  if (cents === 0) return lang === 'es' ? 'gratis' : 'free';
  const euros = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  // A no-break space keeps "18 €" on one line.
  return lang === 'es' ? `${euros.replace('.', ',')}\u00a0€` : `€${euros}`;
}

export const say = (lang: Lang, es: string, en: string) => (lang === 'es' ? es : en);
