// A commission as people read it: "2,00 €" or "10 %".
import type { Commission } from '@nocturna/shared';
import { formatPrice } from '../../lib/catalogue-format.ts';

export function commissionText(c: Commission, locale: 'es-ES' | 'en-GB') {
  return c.kind === 'fixed'
    ? formatPrice(c.value, locale)
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(c.value / 100)} %`;
}
