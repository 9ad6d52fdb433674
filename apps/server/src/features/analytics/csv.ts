// The tables of the analytics pages as CSV (UTF-8 with a BOM so spreadsheet apps read the accents): a header row
// and labels in the page's language, nights named as the pages name them, times on Madrid's wall clock.
import { stringify } from 'csv-stringify/sync';
import type { ClubAnalytics, CsvLang, EventAnalytics } from '@nocturna/shared';
import { csvWords, dayLabel, madridDateTime, nightDayLabel } from './csv-labels.ts';
import { genreLabel } from '../../i18n/web-catalogue.ts';

const euros = (cents: number) => (cents / 100).toFixed(2);
const csv = (rows: (string | number)[][]) => '\uFEFF' + stringify(rows);

export function eventCsv(data: EventAnalytics, table: string, lang: CsvLang): string {
  const w = csvWords(lang);
  const h = w.head;
  const types = new Map(data.byType.map((t) => [t.id, t.name]));
  if (table === 'types')
    return csv([
      [h.type, h.capacity, h.sold, h.revenue, h.expectedAtDoor, h.checkedIn],
      ...data.byType.map((t) => [
        t.name,
        t.capacity,
        t.sold,
        euros(t.revenueCents),
        euros(t.expectedAtDoorCents),
        t.checkedIn,
      ]),
    ]);
  if (table === 'sales')
    return csv([
      [h.day, h.type, h.sold, h.revenue],
      ...data.salesOverTime.map((s) => [
        dayLabel(s.day, lang),
        types.get(s.typeId) ?? s.typeId,
        s.tickets,
        euros(s.revenueCents),
      ]),
    ]);
  if (table === 'checkins')
    return csv([[h.slot, h.entries], ...data.checkinsBySlot.map((s) => [madridDateTime(s.slot), s.entries])]);
  if (table === 'channels')
    return csv([
      [h.channel, h.sold, h.checkedIn],
      ...data.byChannel.map((c) => [w.channel[c.channel], c.sold, c.checkedIn]),
    ]);
  return csv([
    [h.code, h.promoter, h.sold, h.checkedIn],
    ...data.promoters.map((p) => [p.code, p.promoter ?? '', p.sold, p.checkedIn]),
  ]);
}

export function clubCsv(data: ClubAnalytics, table: string, lang: CsvLang): string {
  const w = csvWords(lang);
  const h = w.head;
  if (table === 'events')
    return csv([
      [h.night, h.event, h.status, h.starts, h.capacity, h.sold, h.revenue, h.expectedAtDoor, h.checkedIn],
      ...data.events.map((e) => [
        nightDayLabel(e.startAt, lang),
        e.name,
        w.status[e.status],
        madridDateTime(e.startAt),
        e.capacity,
        e.sold,
        euros(e.revenueCents),
        euros(e.expectedAtDoorCents),
        e.checkedIn,
      ]),
    ]);
  // Genres named as the chart names them, in the page's language.
  return csv([
    [h.genre, h.nights, h.sold],
    ...data.topGenres.map((g) => [genreLabel(g.genre, lang), g.events, g.sold]),
  ]);
}
