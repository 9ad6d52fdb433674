// What is left until a moment, in days, hours and minutes (never negative).
export function countdownParts(
  targetIso: string,
  now: number,
): { days: number; hours: number; minutes: number } {
  const left = Math.max(0, new Date(targetIso).getTime() - now);
  const minutes = Math.floor(left / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}
