// Builds six weeks of events for the Madrid clubs, counted from the day it runs, so the demo never goes stale.
// Deterministic: the same day always yields the same programme.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { TIME_ZONE, madridWeekday, foldForSearch, nightStart, type Weekday } from '@nocturna/shared';
import type { ClubSeed } from './madrid-clubs.ts';
import type { NewEvent, NewTicketType } from './catalogue-writer.ts';

const NIGHTS = 42;
const SHARE_OF_OPEN_NIGHTS = 45; // percent of a club's open nights that have a named event

const TITLES: Record<string, string[]> = {
  techno: ['Bunker', 'Pulso', 'Hormigón', 'Estroboscopio', 'Maquinaria'],
  house: ['Sunset Grooves', 'Casa Abierta', 'Deep Madrid', 'Jacking Night'],
  reggaeton: ['Perreo Intenso', 'Dembow Nights', 'La Previa', 'Reggaeton Royale'],
  latin: ['Noche Latina', 'Salsa y Bachata', 'Tropicalia'],
  indie: ['Indie Club', 'Hits Indies 2000', 'Guitarras y Confeti'],
  pop: ['Pop Star', 'Divas', 'Eurovisión Party', 'Pop Español'],
  'hip-hop': ['Boom Bap', 'Rimas y Vinilos', 'Trap House'],
  funk: ['Soul Train', 'Disco Inferno', 'Funk Fever'],
  commercial: ['Jueves Universitario', 'Hits', 'Saturday Fever', 'Fiesta Blanca'],
  electronica: ['Sintetizadores', 'Ambient & Beats', 'Electrónica de Autor'],
  rock: ['Rock & Roll High School', 'Himnos', 'Noche de Riffs'],
  'r&b': ['R&B Sundays', 'Slow Jams', 'Velvet'],
};

// Titles that name a night of the week go only on that night.
const TITLE_NIGHT: Record<string, Weekday> = {
  'Jueves Universitario': 'THU',
  'Saturday Fever': 'SAT',
  'R&B Sundays': 'SUN',
};

function titlesFor(genre: string, weekday: Weekday): string[] {
  const titles = TITLES[genre] ?? TITLES.commercial!;
  return titles.filter((t) => (TITLE_NIGHT[t] ?? weekday) === weekday);
}

const DJS = [
  'Lucía Vega',
  'DJ Nebula',
  'Marco Sanz',
  'Carla Ríos',
  'Kiko Beats',
  'Selecta Ana',
  'Ozono',
  'Valentina Cruz',
  'Hugo Prats',
  'Nerea Soul',
  'Dani Delta',
  'La Morena',
  'Tomás Azul',
  'Irene K',
  'Sonido Mostoles',
  'Pablo Nocturno',
  'Elena Wave',
  'Bruno Bass',
  'Mar Flux',
  'Javi Lux',
];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

function pick<T>(list: T[], seed: number): T {
  return list[Math.abs(seed) % list.length]!;
}

function openingTimes(night: TZDate, openingHours: string): { start: Date; end: Date } {
  const [open = '00:00', close = '06:00'] = openingHours.split('–');
  const [oh = 0, om = 0] = open.split(':').map(Number);
  const [ch = 6, cm = 0] = close.split(':').map(Number);
  // An opening hour before 12:00 belongs to the early hours after the night's date.
  const start = new TZDate(
    night.getFullYear(),
    night.getMonth(),
    night.getDate() + (oh < 12 ? 1 : 0),
    oh,
    om,
    0,
    TIME_ZONE,
  );
  let end = new TZDate(
    night.getFullYear(),
    night.getMonth(),
    night.getDate() + (ch < 12 ? 1 : 0),
    ch,
    cm,
    0,
    TIME_ZONE,
  );
  if (end <= start) end = new TZDate(addDays(end, 1), TIME_ZONE);
  return { start: new Date(start), end: new Date(end) };
}

// The share of a club's aforo its nights put on sale.
const ON_SALE_SHARE = 0.9;

// Realistic sales rules: a free list that lets people in until 01:30, General and drinks at the door, a pre-sale
// that closes the day before, VIP tables in twos and, on some nights, a hidden promoter list (code RAQUEL10,
// the demo RPP's) that only a promoter's link shows.
function ticketTypesFor(club: ClubSeed, seed: number, night: TZDate, start: Date): NewTicketType[] {
  const [low = 10, high = 20] = club.priceRange
    .replace(/[^\d–]/g, '')
    .split('–')
    .map(Number);
  // Its capacity is set last, from the others'.
  const general: NewTicketType = { name: 'General', priceCents: low * 100, capacity: 0, perPersonLimit: 6 };
  const types: NewTicketType[] = [
    general,
    {
      name: 'Entrada + 2 copas',
      priceCents: high * 100,
      capacity: Math.round(club.capacity * 0.3),
      perPersonLimit: 6,
    },
  ];
  const listUntil = new Date(
    new TZDate(night.getFullYear(), night.getMonth(), night.getDate() + 1, 1, 30, 0, TIME_ZONE),
  );
  if (seed % 3 === 0 && start < listUntil) {
    types.unshift({
      name: 'Lista gratis hasta la 01:30',
      priceCents: 0,
      capacity: Math.round(club.capacity * 0.1),
      perPersonLimit: 2,
      salesUntil: start,
      entryUntil: listUntil,
    });
  }
  if (seed % 5 === 1) {
    types.unshift({
      name: 'Preventa',
      priceCents: Math.max(0, low - 3) * 100,
      capacity: Math.round(club.capacity * 0.15),
      perPersonLimit: 4,
      salesUntil: new Date(start.getTime() - 86_400_000),
    });
  }
  if (club.minimumAge >= 21 || seed % 4 === 0)
    types.push({ name: 'VIP con reservado', priceCents: high * 300, capacity: 20, perPersonLimit: 2 });
  if (seed % 2 === 0) {
    types.push({
      name: 'Lista RPP',
      priceCents: Math.max(0, low - 5) * 100,
      capacity: 40,
      perPersonLimit: 2,
      hidden: true,
      codes: [{ code: 'RAQUEL10' }],
    });
  }
  // General takes what the other types leave of the places on sale: 90% of the club's aforo, the rest kept for the
  // door and the club's guests. A CEO can add a type or raise one within that room; management/ticket-types.ts
  // refuses a total over the aforo.
  const onSale = Math.floor(club.capacity * ON_SALE_SHARE);
  general.capacity = onSale - types.reduce((n, t) => (t === general ? n : n + t.capacity), 0);
  return types;
}

export function buildMadridEvents(
  clubs: (ClubSeed & { id: string })[],
  now: Date,
): (NewEvent & { clubName: string })[] {
  const events: (NewEvent & { clubName: string })[] = [];
  const firstNight = nightStart(now); // the night under way, even after midnight
  for (let n = 0; n < NIGHTS; n++) {
    const night = new TZDate(
      firstNight.getFullYear(),
      firstNight.getMonth(),
      firstNight.getDate() + n,
      12,
      0,
      0,
      TIME_ZONE,
    );
    const weekday = madridWeekday(new Date(night));
    const dateKey = night.toISOString().slice(0, 10);
    let chosen = clubs.filter(
      (c) => c.openingDays.includes(weekday) && hash(c.slug + dateKey) % 100 < SHARE_OF_OPEN_NIGHTS,
    );
    if (chosen.length < 2) {
      // Quiet weeknights still get a couple of special sessions so "tonight" is never empty, at clubs open that
      // night (a club's events never fall on a night it is closed).
      chosen = clubs
        .filter((c) => c.openingDays.includes(weekday))
        .sort((a, b) => hash(a.slug + dateKey) - hash(b.slug + dateKey))
        .slice(0, 2);
    }
    for (const club of chosen) {
      const seed = hash(`${club.slug}:${dateKey}`);
      const genre = pick(club.genres, seed);
      const title = pick(titlesFor(genre, weekday), seed >>> 3);
      const name = `${title} · ${club.name}`;
      const { start, end } = openingTimes(night, club.openingHours);
      const headliner = pick(DJS, seed >>> 5);
      // The support act is always someone other than the headliner.
      const support = DJS[(DJS.indexOf(headliner) + 1 + ((seed >>> 9) % (DJS.length - 1))) % DJS.length]!;
      const setSplit = new Date(start.getTime() + 2 * 3600_000);
      events.push({
        slug: `${foldForSearch(title).replace(/[^a-z0-9]+/g, '-')}-${club.slug}-${dateKey}`.replace(
          /-+/g,
          '-',
        ),
        clubId: club.id,
        clubName: club.name,
        name,
        description: `${title} en ${club.name} (${club.barrio}). ${headliner} cierra la noche después de ${support}. ${club.dressCode === 'Libre' ? 'Sin código de vestimenta.' : `Código de vestimenta: ${club.dressCode.toLowerCase()}.`}`,
        startAt: start,
        endAt: end,
        gallery: seed % 2 === 0 ? 'public' : 'attendees',
        minimumAge: club.minimumAge,
        dressCode: club.dressCode,
        genres: [genre, ...club.genres.filter((g) => g !== genre).slice(0, 1)],
        lineup: [
          { djName: support, startsAt: start, endsAt: setSplit },
          { djName: headliner, startsAt: setSplit, endsAt: end },
        ],
        ticketTypes: ticketTypesFor(club, seed, night, start),
      });
    }
  }
  return events;
}
