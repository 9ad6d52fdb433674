// The tables of the analytics pages as CSV (UTF-8 with a BOM so spreadsheet apps read the accents).
import { stringify } from 'csv-stringify/sync';
import type { ClubAnalytics, EventAnalytics } from '@nocturna/shared';

const euros = (cents: number) => (cents / 100).toFixed(2);

export function eventCsv(data: EventAnalytics, table: string): string {
  const types = new Map(data.byType.map((t) => [t.id, t.name]));
  const rows: (string | number)[][] =
    table === 'types'
      ? [
          ['tipo', 'plazas', 'vendidas', 'ingresos_eur', 'entradas'],
          ...data.byType.map((t) => [t.name, t.capacity, t.sold, euros(t.revenueCents), t.checkedIn]),
        ]
      : table === 'sales'
        ? [
            ['dia', 'tipo', 'vendidas', 'ingresos_eur'],
            ...data.salesOverTime.map((s) => [
              s.day,
              types.get(s.typeId) ?? s.typeId,
              s.tickets,
              euros(s.revenueCents),
            ]),
          ]
        : table === 'checkins'
          ? [['franja', 'entradas'], ...data.checkinsBySlot.map((s) => [s.slot, s.entries])]
          : table === 'channels'
            ? [
                ['canal', 'vendidas', 'entradas'],
                ...data.byChannel.map((c) => [c.channel, c.sold, c.checkedIn]),
              ]
            : [
                ['codigo', 'promotor', 'vendidas', 'entradas'],
                ...data.promoters.map((p) => [p.code, p.promoter ?? '', p.sold, p.checkedIn]),
              ];
  return '\uFEFF' + stringify(rows);
}

export function clubCsv(data: ClubAnalytics, table: string): string {
  const rows: (string | number)[][] =
    table === 'events'
      ? [
          ['evento', 'inicio', 'estado', 'dia', 'plazas', 'vendidas', 'ingresos_eur', 'entradas'],
          ...data.events.map((e) => [
            e.name,
            e.startAt,
            e.status,
            e.weekday,
            e.capacity,
            e.sold,
            euros(e.revenueCents),
            e.checkedIn,
          ]),
        ]
      : [['genero', 'eventos', 'vendidas'], ...data.topGenres.map((g) => [g.genre, g.events, g.sold])];
  return '\uFEFF' + stringify(rows);
}
