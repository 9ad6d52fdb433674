// Tickets sold per day and type (as the server counts them) into running totals per type, one row per day:
// the shape a stacked area chart draws as "how the night sold".
import type { EventAnalytics } from '@nocturna/shared';

export function cumulativeSales(
  perDay: EventAnalytics['salesOverTime'],
  types: EventAnalytics['byType'],
): Record<string, number | string>[] {
  const days = [...new Set(perDay.map((r) => r.day))].sort();
  const running = new Map(types.map((t) => [t.id, 0]));
  // The day before the first sale at zero, so even one day of sales draws as a rise rather than a dot.
  const start = days[0] ? [{ day: dayBefore(days[0]), ...Object.fromEntries(running) }] : [];
  return start.concat(
    days.map((day) => {
      for (const row of perDay.filter((r) => r.day === day))
        running.set(row.typeId, (running.get(row.typeId) ?? 0) + row.tickets);
      return { day, ...Object.fromEntries(running) };
    }),
  );
}

function dayBefore(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
