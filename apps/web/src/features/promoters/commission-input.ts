// What the CEO types as a commission ("2,50" €, "10" %) turned into what the API keeps: cents for a fixed amount,
// basis points for a percentage. Caught here so a typo gets a clear message before anything is sent.
import type { Commission, CommissionKind } from '@nocturna/shared';

export type CommissionInput =
  | { ok: true; commission: Commission }
  | { ok: false; error: 'invalid' | 'negative' | 'tooMuch' | 'overHundred' };

export function parseCommission(kind: CommissionKind, text: string): CommissionInput {
  const cleaned = text
    .trim()
    .replace(/\s|€|%/g, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return { ok: false, error: 'invalid' };
  const value = Math.round(Number(cleaned) * 100);
  if (value < 0) return { ok: false, error: 'negative' };
  if (kind === 'percent' && value > 10_000) return { ok: false, error: 'overHundred' };
  if (value > 100_000) return { ok: false, error: 'tooMuch' };
  return { ok: true, commission: { kind, value } };
}

// The value back as the CEO typed it: 250 → "2,50" (€) or 1000 → "10" (%).
export function commissionInputText(c: Commission, locale: 'es-ES' | 'en-GB'): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: c.kind === 'fixed' && c.value % 100 !== 0 ? 2 : 0,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(c.value / 100);
}
