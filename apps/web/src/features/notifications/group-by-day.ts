// The list's day headings: "Hoy", "Ayer", then the date, all by the calendar in Madrid whatever the
// browser's own time zone is.
import { TIME_ZONE } from '@nocturna/shared/constants';
import type { Notification } from '@nocturna/shared';

export type DayGroup = { key: string; day: 'today' | 'yesterday' | 'date'; items: Notification[] };

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// "2025-11-20": the Madrid calendar day of an instant.
export const madridDayKey = (date: Date): string => dayKeyFormat.format(date);

function previousDayKey(key: string): string {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

// Items arrive newest first; groups keep that order.
export function groupByDay(items: readonly Notification[], now: Date = new Date()): DayGroup[] {
  const today = madridDayKey(now);
  const yesterday = previousDayKey(today);
  const groups: DayGroup[] = [];
  for (const item of items) {
    const key = madridDayKey(new Date(item.createdAt));
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, day: key === today ? 'today' : key === yesterday ? 'yesterday' : 'date', items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
