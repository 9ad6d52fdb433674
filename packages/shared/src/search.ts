// One search for everything: what the box understands of a query, and what the server answers.
// "techno sabado malasaña" becomes a genre, a night and a barrio for the event search; the words left over
// ("kapital", "amelie lens") are matched against names, forgiving accents, case, prefixes and typos.
import { z } from 'zod';
import { BARRIOS, GENRES, WEEKDAYS, type EventWhen, type Weekday } from './catalogue-values.ts';
import { clubSummary, eventSummary } from './catalogue.ts';
import { userSearchResultSchema } from './profiles.ts';
import { foldForSearch } from './text.ts';

export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_GROUP_MAX_LIMIT = 20;
// Searches a visitor (signed out) may make per IP and minute; typing fires one per pause.
export const SEARCH_RATE_LIMIT = { max: 120, windowMs: 60_000 } as const;

// Words that carry no name: articles, prepositions and the city everything is in.
const STOP_WORDS = new Set([
  'a',
  'al',
  'con',
  'de',
  'del',
  'donde',
  'el',
  'en',
  'es',
  'hay',
  'la',
  'las',
  'lo',
  'los',
  'madrid',
  'para',
  'por',
  'que',
  'se',
  'un',
  'una',
  'unas',
  'unos',
  'y',
  'the',
  'in',
  'at',
  'on',
  'this',
]);

const WHEN_WORDS: Record<string, EventWhen> = {
  hoy: 'hoy',
  tonight: 'hoy',
  today: 'hoy',
  manana: 'manana',
  tomorrow: 'manana',
  finde: 'finde',
  weekend: 'finde',
};
// Multi-word phrases, folded, read before single words.
const WHEN_PHRASES: [string, EventWhen][] = [
  ['esta noche', 'hoy'],
  ['este finde', 'finde'],
  ['fin de semana', 'finde'],
  ['este fin de semana', 'finde'],
  ['this weekend', 'finde'],
];
const WEEKDAY_WORDS: Record<string, Weekday> = {
  lunes: 'MON',
  martes: 'TUE',
  miercoles: 'WED',
  jueves: 'THU',
  viernes: 'FRI',
  sabado: 'SAT',
  domingo: 'SUN',
  monday: 'MON',
  tuesday: 'TUE',
  wednesday: 'WED',
  thursday: 'THU',
  friday: 'FRI',
  saturday: 'SAT',
  sunday: 'SUN',
};
const GENRE_WORDS: Record<string, (typeof GENRES)[number]> = {
  ...Object.fromEntries(GENRES.map((g) => [foldForSearch(g), g])),
  regueton: 'reggaeton',
  hiphop: 'hip-hop',
  electronic: 'electronica',
  latino: 'latin',
  rnb: 'r&b',
  comercial: 'commercial',
};
const BARRIO_WORDS: Record<string, (typeof BARRIOS)[number]> = Object.fromEntries(
  BARRIOS.map((b) => [foldForSearch(b), b]),
);

export type UnderstoodQuery = {
  // Folded words matched against event and club names (filter words taken out).
  terms: string[];
  // Folded words matched against people (only stop words taken out: a username may be "techno").
  words: string[];
  when: EventWhen | null;
  weekday: Weekday | null;
  genre: string | null;
  barrio: string | null;
};

export function understandQuery(q: string): UnderstoodQuery {
  let text = ` ${foldForSearch(q).replace(/\s+/g, ' ')} `;
  let when: EventWhen | null = null;
  for (const [phrase, value] of [...WHEN_PHRASES].sort((a, b) => b[0].length - a[0].length)) {
    if (text.includes(` ${phrase} `)) {
      when ??= value;
      text = text.replace(` ${phrase} `, ' ');
    }
  }
  const terms: string[] = [];
  const words: string[] = [];
  let weekday: Weekday | null = null;
  let genre: string | null = null;
  let barrio: string | null = null;
  for (const word of text.split(' ')) {
    const bare = word.replace(/^@+/, '');
    if (!bare || STOP_WORDS.has(bare)) continue;
    words.push(bare);
    if (WHEN_WORDS[bare] && !when && !weekday) when = WHEN_WORDS[bare];
    else if (WEEKDAY_WORDS[bare] && !when && !weekday) weekday = WEEKDAY_WORDS[bare];
    else if (GENRE_WORDS[bare] && !genre) genre = GENRE_WORDS[bare];
    else if (BARRIO_WORDS[bare] && !barrio) barrio = BARRIO_WORDS[bare];
    else terms.push(bare);
  }
  return { terms, words, when, weekday, genre, barrio };
}

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Escribe qué buscas.')
    .max(SEARCH_QUERY_MAX_LENGTH, `La búsqueda admite hasta ${SEARCH_QUERY_MAX_LENGTH} caracteres.`),
  limit: z.coerce.number().int().min(1).max(SEARCH_GROUP_MAX_LIMIT).default(5),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const group = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), more: z.boolean() });

export const understoodQuerySchema = z.object({
  terms: z.array(z.string()),
  words: z.array(z.string()),
  when: z.enum(['hoy', 'manana', 'finde']).nullable(),
  weekday: z.enum(WEEKDAYS).nullable(),
  genre: z.string().nullable(),
  barrio: z.string().nullable(),
});

// A DJ with sets ahead, by the name on the line-ups: their account where one is linked, how many nights, the next.
export const djResultSchema = z.object({
  name: z.string(),
  userId: z.string().nullable(),
  sets: z.number().int(),
  next: z.object({
    slug: z.string(),
    name: z.string(),
    clubName: z.string(),
    startAt: z.string(),
    coverURL: z.string(),
  }),
});
export type DjResult = z.infer<typeof djResultSchema>;

export const searchResultsSchema = z.object({
  q: z.string(),
  understood: understoodQuerySchema,
  events: group(eventSummary),
  clubs: group(clubSummary),
  djs: group(djResultSchema),
  people: group(userSearchResultSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
