// The words of the analytics CSVs in the page's language: the same words the analytics pages show (the web's
// `analytics` catalogue, and its day names in lib/catalogue-format.ts), and times on Madrid's wall clock.
import { madridWallClock, nightStart, type CsvLang } from '@nocturna/shared';

const WORDS = {
  es: {
    shortWeekdays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
    shortMonths: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    day: (weekday: string, day: number, month: string) => `${weekday}, ${day} ${month}`,
    status: { draft: 'borrador', published: 'publicado', cancelled: 'cancelado' },
    channel: { direct: 'Directa', promoter: 'RPP', guest_list: 'Lista' },
    head: {
      night: 'Noche',
      event: 'Evento',
      status: 'Estado',
      starts: 'Empieza',
      capacity: 'Plazas',
      sold: 'Vendidas',
      revenue: 'Ingresos (€)',
      expectedAtDoor: 'Por cobrar en puerta (€)',
      checkedIn: 'Entraron',
      type: 'Tipo',
      day: 'Día',
      slot: 'Franja',
      entries: 'Entradas',
      channel: 'Canal',
      code: 'Código',
      promoter: 'RPP',
      genre: 'Género',
      nights: 'Noches',
    },
  },
  en: {
    shortWeekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    day: (weekday: string, day: number, month: string) => `${weekday} ${day} ${month}`,
    status: { draft: 'draft', published: 'published', cancelled: 'cancelled' },
    channel: { direct: 'Direct', promoter: 'Promoter', guest_list: 'Guest list' },
    head: {
      night: 'Night',
      event: 'Event',
      status: 'Status',
      starts: 'Starts',
      capacity: 'Places',
      sold: 'Sold',
      revenue: 'Revenue (€)',
      expectedAtDoor: 'Expected at the door (€)',
      checkedIn: 'Came in',
      type: 'Type',
      day: 'Day',
      slot: 'Slot',
      entries: 'Entries',
      channel: 'Channel',
      code: 'Code',
      promoter: 'Promoter',
      genre: 'Genre',
      nights: 'Nights',
    },
  },
} as const;

export type CsvWords = (typeof WORDS)[CsvLang];
export const csvWords = (lang: CsvLang): CsvWords => WORDS[lang];

// The night an instant belongs to (06:00 to 06:00 in Madrid), as the analytics pages name it: "vie, 21 nov".
export function nightDayLabel(instant: string, lang: CsvLang): string {
  const night = nightStart(new Date(instant));
  const w = WORDS[lang];
  return w.day(w.shortWeekdays[night.getDay()]!, night.getDate(), w.shortMonths[night.getMonth()]!);
}

// A Madrid calendar day ("2025-11-21") as the pages name it: "vie, 21 nov".
export function dayLabel(date: string, lang: CsvLang): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const w = WORDS[lang];
  return w.day(w.shortWeekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!, d, w.shortMonths[m - 1]!);
}

// "2025-11-21 23:00": the instant on Madrid's wall clock.
export function madridDateTime(instant: string): string {
  const at = madridWallClock(new Date(instant));
  return `${at.date} ${at.time}`;
}
