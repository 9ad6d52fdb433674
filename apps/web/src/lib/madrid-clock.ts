// Madrid's wall clock without Intl: the European Union's summer time rule (since 1996, Directive 2000/84/EC), from
// the last Sunday of March at 01:00 UTC to the last Sunday of October at 01:00 UTC, on Central European Time.
// The first Intl.DateTimeFormat a page makes loads the browser's time zone and calendar data, 20–70 ms of a phone's
// main thread on the first load of a public page (total blocking time); the unit test holds this to
// Intl's own Europe/Madrid clock.

export type MadridClock = {
  year: number;
  month: number; // 0 January … 11 December
  day: number;
  weekday: number; // 0 Sunday … 6 Saturday
  hour: number;
  minute: number;
};

const HOUR = 3_600_000;

// 01:00 UTC on the last Sunday of a month (the month after it, day 0, is the month's last day).
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 24 * HOUR;
}

// Minutes Madrid is ahead of UTC at an instant: 120 in summer time, 60 otherwise.
export function madridOffsetMinutes(instant: Date): number {
  const year = instant.getUTCFullYear();
  const t = instant.getTime();
  return t >= lastSundayAtOne(year, 2) && t < lastSundayAtOne(year, 9) ? 120 : 60;
}

export function madridClock(instant: Date): MadridClock {
  const local = new Date(instant.getTime() + madridOffsetMinutes(instant) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}
