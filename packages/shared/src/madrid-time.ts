// Calendar arithmetic in Europe/Madrid. A night out belongs to the day it starts: the "day" runs from
// 06:00 to 06:00 local time, so a set at 02:00 on Saturday is still Friday night.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { TIME_ZONE } from './constants.ts';
import type { EventWhen } from './catalogue.ts';

export const NIGHT_DAY_START_HOUR = 6;

export type Range = { from: Date; to: Date };

// A Madrid wall-clock reading (month 0 = January) and the night it belongs to. Plain arithmetic, no time zone data,
// so the browser can name nights without loading Intl's time zones.
export type WallClock = { year: number; month: number; day: number; hour: number };
export type NightDate = { year: number; month: number; day: number; weekday: number }; // weekday 0 Sunday … 6 Saturday

// Before 06:00 the clock still reads the night of the day before: 00:30 on Sunday is Saturday night.
export function nightDateOf(wall: WallClock): NightDate {
  const date = new Date(
    Date.UTC(wall.year, wall.month, wall.day - (wall.hour < NIGHT_DAY_START_HOUR ? 1 : 0)),
  );
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

export function nightStart(now: Date): TZDate {
  const local = new TZDate(now, TIME_ZONE);
  const start = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    NIGHT_DAY_START_HOUR,
    0,
    0,
    TIME_ZONE,
  );
  return local.getHours() < NIGHT_DAY_START_HOUR ? addDays(start, -1) : start;
}

export function rangeFor(when: EventWhen, now: Date = new Date()): Range {
  const today = nightStart(now);
  if (when === 'hoy') return { from: new Date(today), to: new Date(addDays(today, 1)) };
  if (when === 'manana') return { from: new Date(addDays(today, 1)), to: new Date(addDays(today, 2)) };
  // "Este finde": Friday night to Sunday night; on a weekend night it is the one under way.
  const weekday = today.getDay(); // 0 Sunday … 6 Saturday, in Madrid
  const daysToFriday = weekday === 0 ? -2 : weekday === 6 ? -1 : 5 - weekday;
  const friday = addDays(today, daysToFriday);
  return { from: new Date(friday), to: new Date(addDays(friday, 3)) };
}

const WEEKDAY_CODES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

// The next night that falls on a weekday ("el sábado"): tonight when tonight is that day.
export function weekdayNight(day: (typeof WEEKDAY_CODES)[number], now: Date = new Date()): Range {
  const today = nightStart(now);
  const ahead = (WEEKDAY_CODES.indexOf(day) - today.getDay() + 7) % 7;
  const from = addDays(today, ahead);
  return { from: new Date(from), to: new Date(addDays(from, 1)) };
}
export function madridWeekday(date: Date): (typeof WEEKDAY_CODES)[number] {
  return WEEKDAY_CODES[nightStart(date).getDay()]!;
}

// A wall-clock date and time in Madrid ("2026-11-28", "23:30") as the instant it names.
export function madridInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, TIME_ZONE));
}

// The night a Madrid date names ("2026-11-27" is Friday night): 06:00 that day to 06:00 the next, so 25 or 23
// hours long when the clocks change.
export function nightOf(date: string): Range {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const from = new TZDate(y, m - 1, d, NIGHT_DAY_START_HOUR, 0, 0, TIME_ZONE);
  return { from: new Date(from), to: new Date(addDays(from, 1)) };
}

// A night written as a date and two times: an end at or before the start is on the next day (23:00–06:00).
export function madridNight(date: string, startTime: string, endTime: string): Range {
  const from = madridInstant(date, startTime);
  let to = madridInstant(date, endTime);
  if (to <= from) {
    const next = addDays(new TZDate(from, TIME_ZONE), 1);
    const [hh, mm] = endTime.split(':').map(Number) as [number, number];
    to = new Date(new TZDate(next.getFullYear(), next.getMonth(), next.getDate(), hh, mm, 0, TIME_ZONE));
  }
  return { from, to };
}

// The date of the night an instant belongs to, "2026-12-31" until 06:00 on the first: the "today" of every date
// a person picks or a period defaults to, so at 00:30 the night under way is still today's.
export function tonightDate(now: Date): string {
  return madridWallClock(nightStart(now)).date;
}

// The instant as Madrid's wall clock: { date: "2026-11-28", time: "23:30" }.
export function madridWallClock(instant: Date): { date: string; time: string } {
  const local = new TZDate(instant, TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

// The night an instant belongs to, in words, for text the server writes (the assistant's answers, posters):
// "noche del sábado 28 nov · 00:00" / "Saturday night 28 Nov · 00:00". The web app words it from its catalogues.
const NIGHT_WORDS = {
  es: {
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    night: (weekday: string, day: number, month: string) => `noche del ${weekday} ${day} ${month}`,
  },
  en: {
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    night: (weekday: string, day: number, month: string) => `${weekday} night ${day} ${month}`,
  },
} as const;

export function nightLabel(instant: Date, lang: 'es' | 'en' = 'es'): string {
  const local = new TZDate(instant, TIME_ZONE);
  const night = nightDateOf({
    year: local.getFullYear(),
    month: local.getMonth(),
    day: local.getDate(),
    hour: local.getHours(),
  });
  const words = NIGHT_WORDS[lang];
  const time = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
  return `${words.night(words.weekdays[night.weekday]!, night.day, words.months[night.month]!)} · ${time}`;
}
