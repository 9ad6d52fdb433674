import type { Locale } from '../../lib/catalogue-format.ts';

// "350 m", "1,2 km" (es) / "1.2 km" (en).
export function formatDistance(metres: number, locale: Locale = 'es-ES'): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(metres / 1000)} km`;
}
