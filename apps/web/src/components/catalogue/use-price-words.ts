// The one way an event's price reads on a screen, from the server's EventPrice (what can be bought now): a card's
// "Desde 10 €" or "Gratis", "Agotado" or "Venta cerrada" when nothing is on sale, and the event page's range.
import type { EventPrice } from '@nocturna/shared';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/catalogue-format.ts';
import { useLocale } from './use-locale.ts';

export function usePriceWords() {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const amount = (cents: number) => (cents === 0 ? t('events.free') : formatPrice(cents, locale));
  const notOnSale = (price: EventPrice) =>
    price.state === 'sold_out'
      ? t('events.soldOut')
      : price.state === 'closed'
        ? t('events.salesClosed')
        : price.state === 'not_yet'
          ? t('events.notYetOnSale')
          : null;
  return {
    // A card's line: the cheapest ticket on sale now.
    from(price: EventPrice): string | null {
      if (price.state !== 'on_sale' || !price.from) return notOnSale(price);
      return price.from.cents === 0
        ? t('events.free')
        : t('events.from_price', { price: formatPrice(price.from.cents, locale) });
    },
    // The event page's: cheapest to dearest of what is on sale now.
    range(price: EventPrice): string | null {
      if (price.state !== 'on_sale' || !price.from || !price.to) return notOnSale(price);
      if (price.from.cents === price.to.cents) return amount(price.from.cents);
      return t('events.price_range', {
        from: amount(price.from.cents),
        to: formatPrice(price.to.cents, locale),
      });
    },
    // Whether the line says nothing can be bought (drawn muted rather than as a price).
    unavailable: (price: EventPrice) => price.state !== 'on_sale' && price.state !== 'none',
  };
}
