// Dates and prices as the assistant says them, in Madrid's time.
import { nightLabel, type EventPrice } from '@nocturna/shared';
import type { Lang } from './language.ts';

// The night an event belongs to and its start: "noche del sábado 28 nov · 00:00" (a 00:00 start on Sunday is
// Saturday night, as people say it).
export function when(iso: string, lang: Lang): string {
  return nightLabel(new Date(iso), lang);
}

export function price(cents: number, lang: Lang): string {
  if (cents === 0) return lang === 'es' ? 'gratis' : 'free';
  const euros = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  // A no-break space keeps "18 €" on one line.
  return lang === 'es' ? `${euros.replace('.', ',')}\u00a0€` : `€${euros}`;
}

export const say = (lang: Lang, es: string, en: string) => (lang === 'es' ? es : en);

// An event's price as a sentence says it, from the same EventPrice the cards and pages show: "desde 10 €",
// "gratis" (a free entry on sale now, whatever else costs), "Agotado", "venta cerrada"; null with no public types.
export function priceWords(p: EventPrice, lang: Lang): string | null {
  if (p.state === 'on_sale' && p.from)
    return p.from.cents === 0
      ? say(lang, 'gratis', 'free')
      : say(lang, `desde ${price(p.from.cents, lang)}`, `from ${price(p.from.cents, lang)}`);
  if (p.state === 'sold_out') return say(lang, '**Agotado**', '**Sold out**');
  if (p.state === 'closed') return say(lang, 'venta cerrada', 'sales closed');
  if (p.state === 'not_yet') return say(lang, 'aún no está a la venta', 'not on sale yet');
  return null;
}
