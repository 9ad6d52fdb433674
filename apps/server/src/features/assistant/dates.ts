// Date words in a question ("hoy", "esta noche", "mañana", "este finde", "el sábado", "el 28 de noviembre",
// "tonight", "on Friday") as a range of nights in Madrid. A night runs from 06:00 to 06:00.
import * as chrono from 'chrono-node';
import { addDays } from 'date-fns';
import { TIME_ZONE, nightOf, nightStart, rangeFor, weekdayNight } from '@nocturna/shared';

export type DateRange = { from: string; to: string; key: string };

const WEEKDAYS: [RegExp, 'SUN' | 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT'][] = [
  [/\b(lunes|monday)\b/, 'MON'],
  [/\b(martes|tuesday)\b/, 'TUE'],
  [/\b(miercoles|wednesday)\b/, 'WED'],
  [/\b(jueves|thursday)\b/, 'THU'],
  [/\b(viernes|friday)\b/, 'FRI'],
  [/\b(sabado|saturday)\b/, 'SAT'],
  [/\b(domingo|sunday)\b/, 'SUN'],
];

const asRange = (r: { from: Date; to: Date }, key: string): DateRange => ({
  from: r.from.toISOString(),
  to: r.to.toISOString(),
  key,
});

// `folded`: the question lower-cased without accents (foldForSearch). Null when it names no date.
export function parseWhen(folded: string, original: string, now: Date): DateRange | null {
  if (/\b(pasado manana|day after tomorrow)\b/.test(folded)) {
    const from = addDays(nightStart(now), 2);
    return asRange({ from: new Date(from), to: new Date(addDays(from, 1)) }, 'pasado');
  }
  if (/\b(hoy|esta noche|tonight|today|ahora|now)\b/.test(folded))
    return asRange(rangeFor('hoy', now), 'hoy');
  if (/\b(manana|tomorrow)\b/.test(folded) && !/\bpor la manana\b/.test(folded))
    return asRange(rangeFor('manana', now), 'manana');
  if (/\b(finde|fin de semana|weekend)\b/.test(folded)) return asRange(rangeFor('finde', now), 'finde');
  if (/\b(proxima semana|semana que viene|next week)\b/.test(folded)) {
    const from = addDays(nightStart(now), 7);
    return asRange({ from: new Date(from), to: new Date(addDays(from, 7)) }, 'proxima-semana');
  }
  if (/\b(esta semana|this week|estos dias|these days|proximos dias|coming days)\b/.test(folded)) {
    const from = nightStart(now);
    return asRange({ from: new Date(from), to: new Date(addDays(from, 7)) }, 'semana');
  }
  for (const [pattern, day] of WEEKDAYS) {
    if (pattern.test(folded)) return asRange(weekdayNight(day, now), day);
  }
  // An explicit date ("el 28 de noviembre", "28/11", "November 28"): the night of that day.
  const hasDigits = /\d/.test(folded);
  const monthWord =
    /\b(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|january|february|march|april|may|june|july|august|september|october|november|december)\b/;
  if (
    !hasDigits ||
    !(monthWord.test(folded) || /\b\d{1,2}\/\d{1,2}\b/.test(folded) || /\bel \d{1,2}\b/.test(folded))
  )
    return null;
  const reference = { instant: now, timezone: TIME_ZONE };
  const parsed =
    chrono.es.parse(original, reference, { forwardDate: true })[0] ??
    chrono.en.parse(original, reference, { forwardDate: true })[0];
  if (!parsed) return null;
  const day = parsed.start.get('day');
  const month = parsed.start.get('month');
  const year = parsed.start.get('year');
  if (!day || !month || !year) return null;
  const key = `${year}-${month}-${day}`;
  return asRange(nightOf(key), key);
}
