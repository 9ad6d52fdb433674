// How long a ban from the ban list lasts. "forever" has no end: it holds until someone lifts it.
export const BAN_PERIODS = ['day', 'week', 'month', 'year', 'forever'] as const;
export type BanPeriod = (typeof BAN_PERIODS)[number];

export function banUntil(period: BanPeriod, now: Date = new Date()): string | null {
  if (period === 'forever') return null;
  const at = new Date(now);
  if (period === 'day') at.setTime(at.getTime() + 24 * 3600_000);
  else if (period === 'week') at.setTime(at.getTime() + 7 * 24 * 3600_000);
  else if (period === 'month') at.setUTCMonth(at.getUTCMonth() + 1);
  else at.setUTCFullYear(at.getUTCFullYear() + 1);
  return at.toISOString();
}
