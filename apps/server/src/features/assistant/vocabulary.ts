// What the built-in assistant recognises in a question, and the spelling fixes that get it there: an Orama
// index over the catalogue's own words (genres, barrios, club names, event titles) and the assistant's
// keywords, searched with typo tolerance ("tecno", "lavapis", "kapitl"). Rebuilt from the live catalogue.
import { create, insertMultiple, search, type Orama } from '@orama/orama';
import { BARRIOS, GENRES, foldForSearch } from '@nocturna/shared';

// Folded words that name a genre (the catalogue's slugs and the ways people write them).
export const GENRE_WORDS: Record<string, string> = {
  techno: 'techno',
  tecno: 'techno',
  house: 'house',
  reggaeton: 'reggaeton',
  regueton: 'reggaeton',
  perreo: 'reggaeton',
  dembow: 'reggaeton',
  indie: 'indie',
  pop: 'pop',
  'hip-hop': 'hip-hop',
  hiphop: 'hip-hop',
  rap: 'hip-hop',
  trap: 'hip-hop',
  electronica: 'electronica',
  electronic: 'electronica',
  latin: 'latin',
  latina: 'latin',
  latino: 'latin',
  salsa: 'latin',
  bachata: 'latin',
  rock: 'rock',
  funk: 'funk',
  soul: 'funk',
  'r&b': 'r&b',
  rnb: 'r&b',
  commercial: 'commercial',
  comercial: 'commercial',
};
for (const g of GENRES) GENRE_WORDS[g] = g;

export const BARRIO_WORDS: Record<string, string> = Object.fromEntries(
  BARRIOS.map((b) => [foldForSearch(b), b]),
);

// Words the intents listen for; listed so a misspelt one is corrected to them.
const KEYWORDS =
  `hoy noche esta manana finde semana lunes martes miercoles jueves viernes sabado domingo tonight
  tomorrow weekend monday tuesday wednesday thursday friday saturday sunday entradas entrada tickets ticket
  reserva reservame reservar reservo comprar compra book reserve precio precios cuesta cuestan cuanto cuando barata
  barato baratas baratos cheapest cheaper cheap price direccion donde horario horarios abre cierra vestimenta
  codigo edad anos conexiones amigos amigas friends connections going gratis free discoteca discotecas
  fiesta fiestas eventos evento planes musica recomiendas recomienda sugieres llegar metro address hours dress`
    .split(/\s+/)
    .filter(Boolean);

// Generic words that never identify a club on their own.
const GENERIC = new Set([
  'sala',
  'club',
  'la',
  'el',
  'de',
  'disco',
  'social',
  'sound',
  'live',
  'lounge',
  'sur',
]);

export type ClubName = { id: string; slug: string; name: string; barrio: string };
export type EventTitle = { id: string; slug: string; title: string; clubId: string; startAt: string };
type Term = { term: string; kind: string; ref: string };

export type Vocabulary = {
  correct(folded: string): string;
  clubsIn(folded: string): ClubName[];
  titlesIn(folded: string): string[];
  clubs: ClubName[];
};

export function buildVocabulary(clubs: ClubName[], events: EventTitle[]): Vocabulary {
  const index: Orama<{ term: 'string'; kind: 'string'; ref: 'string' }> = create({
    schema: { term: 'string', kind: 'string', ref: 'string' },
  });
  const terms: Term[] = [];
  const known = new Set<string>();
  const add = (term: string, kind: string, ref: string) => {
    if (term.length < 3 || known.has(term)) return;
    known.add(term);
    terms.push({ term, kind, ref });
  };
  for (const word of Object.keys(GENRE_WORDS)) add(word, 'genre', GENRE_WORDS[word]!);
  for (const word of Object.keys(BARRIO_WORDS)) add(word, 'barrio', BARRIO_WORDS[word]!);
  for (const word of KEYWORDS) add(word, 'keyword', word);
  const clubTokens = new Map<string, ClubName>();
  const barrioWords = new Set(Object.keys(BARRIO_WORDS));
  for (const club of clubs) {
    for (const word of foldForSearch(club.name).split(/[^a-z0-9]+/)) {
      if (word.length < 4 || GENERIC.has(word) || barrioWords.has(word)) continue;
      clubTokens.set(word, club);
      add(word, 'club', club.id);
    }
  }
  const titles = new Set<string>();
  for (const event of events) {
    const title = foldForSearch(event.title);
    if (title.length >= 4) titles.add(title);
  }
  // Synchronous with Orama's default components, so the index is complete before the first search.
  const inserted = insertMultiple(index, terms);
  if (inserted instanceof Promise) throw new Error('Orama inserted asynchronously');

  const correctWord = (word: string): string => {
    if (word.length < 5 || known.has(word) || !/^[a-z]+$/.test(word)) return word;
    const tolerance = word.length >= 8 ? 2 : 1;
    const result = search(index, { term: word, properties: ['term'], tolerance, limit: 1 });
    if (result instanceof Promise) return word;
    const hit = result.hits[0]?.document.term;
    // A prefix of a longer term ("electro") is not a typo of it; keep close spellings only.
    return hit && Math.abs(hit.length - word.length) <= tolerance ? hit : word;
  };

  return {
    clubs,
    correct: (folded) =>
      folded
        .split(/(\s+)/)
        .map((part) => (/\s/.test(part) ? part : correctWord(part)))
        .join(''),
    clubsIn: (folded) => {
      const found = new Map<string, ClubName>();
      for (const club of clubs) {
        const name = foldForSearch(club.name).replace(/^(sala|club|la|el) /, '');
        if (name.length >= 4 && folded.includes(name)) found.set(club.id, club);
      }
      for (const word of folded.split(/[^a-z0-9]+/)) {
        const club = clubTokens.get(word);
        if (club) found.set(club.id, club);
      }
      return [...found.values()];
    },
    titlesIn: (folded) =>
      [...titles].filter((t) => new RegExp(`\\b${t.replace(/[^a-z0-9 ]/g, '.')}\\b`).test(folded)),
  };
}
