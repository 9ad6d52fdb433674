// The built-in assistant: no model, the same tools. It corrects spelling against the catalogue's vocabulary,
// reads the intent and the filters (date words, genre, barrio, price, age, club) from the question, fills in
// what a follow-up leaves out from the conversation's context, asks the tools, and answers with templates.
// What it cannot answer it says plainly; catalogue text is only ever quoted, never obeyed.
import { foldForSearch, type EventSummary, type TicketAvailability } from '@nocturna/shared';
import {
  wordsOf,
  type AssistantContext,
  type AssistantEngine,
  type EngineChunk,
  type EngineInput,
} from './engine.ts';
import { parseWhen, type DateRange } from './dates.ts';
import { aboutEvent } from './event-about.ts';
import { freeTextIn } from './free-text.ts';
import { price, priceWords, say, when } from './format.ts';
import type { Lang } from './language.ts';
import { genreLabel } from '../../i18n/web-catalogue.ts';
import type { AssistantTools, SearchFilters } from './tools.ts';
import { BARRIO_WORDS, GENRE_WORDS, type ClubName } from './vocabulary.ts';

type Filters = SearchFilters & { dateKey?: string };

const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  una: 1,
  one: 1,
  dos: 2,
  two: 2,
  tres: 3,
  three: 3,
  cuatro: 4,
  four: 4,
};
const ORDINALS: [RegExp, number][] = [
  [/\b(primer[oa]?|first|1st)\b/, 0],
  [/\b(segund[oa]|second|2nd)\b/, 1],
  [/\b(tercer[oa]?|third|3rd)\b/, 2],
  [/\b(cuart[oa]|fourth)\b/, 3],
];

const INTENTS = {
  help: /\b(que puedes hacer|que sabes hacer|ayuda|help|what can you do|como funcionas)\b/,
  greeting: /^(hola|buenas|hey|hello|hi|buenas noches|buenos dias)\b/,
  thanks: /^(gracias|muchas gracias|thanks|thank you|genial|perfecto)\b/,
  myTickets:
    /\b(mis entradas|mi entrada|mis tickets|my tickets?|entradas tengo|tengo entradas?|tickets do i have)\b/,
  friends:
    /\b(amig[oa]s|conexiones|colegas|friends|connections|quien (mas )?va|who(s| is)? going|who else)\b/,
  reserve:
    /\b(reserva(me|r|lo|la)?|reservo|compra(me|r)?|consigue(me)?|pillame|book|reserve|get me|buy|quiero (una |un |dos |tres |cuatro |\d+ )?(entradas?|tickets?))\b/,
  about:
    /\b(de que va|cuentame (mas|algo)|mas (info|informacion|detalles)|informacion (de|sobre)|detalles|quien pincha|line ?up|cartel|tell me (more|about)|what is it about|more (info|details)|details|who is playing)\b/,
  price: /\b(cuanto (cuesta|cuestan|vale|valen|es)|precios?|how much|price|cost|cuesta|cuestan|tarifa)\b/,
  cheapest: /\b(mas barat[oa]s?|menos car[oa]|cheapest|cheaper|mas economic[oa])\b/,
  clubInfo:
    /\b(donde esta|donde queda|direccion|como llego|como ir|llegar|horarios?|a que hora (abre|cierra)|abre|cierra|vestimenta|dress|codigo|edad minima|edad|address|where is|how do i get|get there|opening|hours|age)\b/,
  search:
    /\b(que hay|hay algo|planes?|fiestas?|eventos?|sesion(es)?|discotecas?|salir|recomienda(s|me)?|sugieres|what'?s on|whats on|party|parties|events?|clubs?|going out|anything|algo|donde salgo|que hacer)\b/,
  offTopic:
    /\b(tiempo|clima|weather|capital de|presidente|president|receta|recipe|futbol|football|bitcoin)\b/,
};

function normalise(text: string): string {
  return foldForSearch(text)
    .replace(/€/g, ' euros ')
    .replace(/[¿?¡!.,;:()"«»“”]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function quantityIn(q: string): number {
  const digits = /\b(\d{1,2}) (entradas?|tickets?|personas?|people)\b/.exec(q);
  if (digits) return Math.min(10, Math.max(1, Number(digits[1])));
  for (const [word, n] of Object.entries(NUMBER_WORDS)) {
    if (new RegExp(`\\b${word} (entradas?|tickets?)\\b`).test(q)) return n;
  }
  return 1;
}

function filtersIn(q: string, clubs: ClubName[], range: DateRange | null): Filters {
  const filters: Filters = {};
  if (range) Object.assign(filters, { from: range.from, to: range.to, dateKey: range.key });
  for (const word of q.split(' ')) {
    if (!filters.genre && GENRE_WORDS[word]) filters.genre = GENRE_WORDS[word];
  }
  if (!filters.genre && /\b(hip hop|r and b|r ?& ?b)\b/.test(q))
    filters.genre = /hip/.test(q) ? 'hip-hop' : 'r&b';
  // A barrio word that is not part of a named club ("Neón Malasaña" is a club; "en Malasaña" a barrio).
  const clubWords = new Set(clubs.flatMap((c) => foldForSearch(c.name).split(' ')));
  for (const [word, barrio] of Object.entries(BARRIO_WORDS)) {
    if (
      new RegExp(`\\b${word}\\b`).test(q) &&
      (!clubWords.has(word) || /\b(en|in|por|barrio)\s+\S*\s?/.test(q))
    )
      if (!clubs.some((c) => foldForSearch(c.name).includes(word))) filters.barrio = barrio;
  }
  if (clubs.length === 1) filters.clubId = clubs[0]!.id;
  const max = /\b(menos de|por menos de|hasta|maximo|max|under|less than|below|up to)\s*(\d{1,3})\b/.exec(q);
  if (max) filters.maxPriceCents = Number(max[2]) * 100;
  if (/\b(gratis|free|gratuit[oa]s?)\b/.test(q)) filters.maxPriceCents = 0;
  const age = /\b(\d{2}) (anos|years|yo)\b/.exec(q) ?? /\b(?:i'?m|i am|tengo) (\d{2})\b/.exec(q);
  if (age) filters.age = Number(age[1]);
  return filters;
}

const hasFilters = (f: Filters) =>
  Boolean(f.from || f.genre || f.barrio || f.clubId || f.q || f.maxPriceCents !== undefined || f.age);

function dateHeading(key: string | undefined, from: string | undefined, lang: Lang): string {
  const weekday: Record<string, [string, string]> = {
    MON: ['El lunes', 'On Monday'],
    TUE: ['El martes', 'On Tuesday'],
    WED: ['El miércoles', 'On Wednesday'],
    THU: ['El jueves', 'On Thursday'],
    FRI: ['El viernes', 'On Friday'],
    SAT: ['El sábado', 'On Saturday'],
    SUN: ['El domingo', 'On Sunday'],
    hoy: ['Esta noche', 'Tonight'],
    manana: ['Mañana', 'Tomorrow'],
    pasado: ['Pasado mañana', 'The day after tomorrow'],
    finde: ['Este finde', 'This weekend'],
    semana: ['Esta semana', 'This week'],
    'proxima-semana': ['La semana que viene', 'Next week'],
  };
  if (key && weekday[key]) return say(lang, ...weekday[key]);
  if (key && from) {
    const day = new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Madrid',
    }).format(new Date(new Date(from).getTime() + 12 * 3600_000));
    return say(lang, `El ${day}`, `On ${day}`);
  }
  return say(lang, 'Próximamente', 'Coming up');
}

function describe(f: Filters, clubs: ClubName[], lang: Lang): string {
  const parts: string[] = [];
  if (f.genre) {
    // The genre as the pages name it: "de reggaeton", "de R&B"; "with Commercial music".
    const es = genreLabel(f.genre, 'es');
    parts.push(
      say(
        lang,
        `de ${es === es.toUpperCase() ? es : es.toLowerCase()}`,
        `with ${genreLabel(f.genre, 'en')} music`,
      ),
    );
  }
  if (f.clubId) {
    const club = clubs.find((c) => c.id === f.clubId);
    if (club) parts.push(say(lang, `en ${club.name}`, `at ${club.name}`));
  } else if (f.barrio) parts.push(say(lang, `en ${f.barrio}`, `in ${f.barrio}`));
  if (f.maxPriceCents === 0) parts.push(say(lang, 'gratis', 'free'));
  else if (f.maxPriceCents !== undefined)
    parts.push(
      say(lang, `por ${price(f.maxPriceCents, lang)} o menos`, `for ${price(f.maxPriceCents, lang)} or less`),
    );
  if (f.age) parts.push(say(lang, `para ${f.age} años`, `for age ${f.age}`));
  if (f.q) parts.push(say(lang, `con «${f.q}»`, `matching "${f.q}"`));
  return parts.join(' ');
}

function eventLine(e: EventSummary, lang: Lang): string {
  const words = priceWords(e.price, lang);
  return `- **${e.name}** (${e.barrio}) — ${when(e.startAt, lang)}${words ? ` · ${words}` : ''}`;
}

const AVAILABILITY: Record<TicketAvailability, [string, string]> = {
  on_sale: ['a la venta', 'on sale'],
  sold_out: ['Agotado', 'Sold out'],
  not_yet: ['aún no está a la venta', 'not on sale yet'],
  closed: ['venta cerrada', 'sales closed'],
  paused: ['venta en pausa', 'sales paused'],
};

// What the answer has said so far. Chunks are handed to the page as they are pushed, so the first sentence
// ("Esta noche hay 4 planes…") is on screen while the rest (cards, prices) is still being looked up.
class Reply {
  readonly chunks: EngineChunk[] = [];
  context: AssistantContext | null;
  private wake: (() => void) | null = null;
  constructor(context: AssistantContext | null) {
    this.context = context;
  }
  push(...chunks: EngineChunk[]) {
    this.chunks.push(...chunks);
    this.nudge();
  }
  text(t: string) {
    this.push(...wordsOf(t));
  }
  nudge() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
  more(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }
}

export const builtinEngine: AssistantEngine = {
  name: 'builtin',
  async *reply(input: EngineInput) {
    const out = new Reply(input.context);
    const run: { finished: boolean; failure: Error | null } = { finished: false, failure: null };
    void answer(input, out)
      .catch((error: unknown) => {
        run.failure = error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        run.finished = true;
        out.nudge();
      });
    let sent = 0;
    for (;;) {
      while (sent < out.chunks.length) {
        if (input.signal.aborted) return out.context;
        yield out.chunks[sent++]!;
      }
      if (run.finished) break;
      await out.more();
    }
    if (run.failure) throw run.failure;
    return out.context;
  },
};

async function answer(input: EngineInput, out: Reply): Promise<void> {
  const { tools, lang } = input;
  const vocabulary = await tools.vocabulary();
  const plain = normalise(input.text);
  const q = vocabulary.correct(plain);
  const clubs = vocabulary.clubsIn(q);
  const range = parseWhen(q, input.text, tools.now);
  const context = input.context;
  const fresh = filtersIn(q, clubs, range);
  // A DJ or an event title named in the question is searched as text; a genre word inside that title
  // ("Perreo Intenso") is part of the name, not a filter.
  const named = clubs.length === 0 ? freeTextIn(plain, vocabulary) : undefined;
  if (named) {
    fresh.q = named;
    if (fresh.genre && Object.entries(GENRE_WORDS).some(([w, g]) => g === fresh.genre && named.includes(w)))
      delete fresh.genre;
  }

  // Checked before spelling fixes: "capital de Francia" is not a misspelt "Kápital".
  if (INTENTS.offTopic.test(plain) && !fresh.genre && !fresh.barrio) return dontKnow(out, lang);
  if (INTENTS.myTickets.test(q)) return myTickets(tools, out, lang);
  if (INTENTS.friends.test(q)) return friendsGoing(tools, out, lang, q, clubs, context);
  if (INTENTS.reserve.test(q)) return reserve(tools, out, lang, q, clubs, range, context);
  if (INTENTS.cheapest.test(q) && context?.results?.length && !hasFilters(fresh))
    return cheapestOf(tools, out, lang, context);
  if (INTENTS.about.test(q)) return about(tools, out, lang, q, clubs, range, context);
  if (INTENTS.price.test(q)) return prices(tools, out, lang, q, clubs, range, context, fresh);
  if (INTENTS.clubInfo.test(q) && (clubs.length > 0 || context?.clubId) && !range && !fresh.genre && !fresh.q)
    return clubInfo(tools, out, lang, q, clubs[0]?.id ?? context!.clubId!);
  if (clubs.length === 1 && !range && !fresh.genre && !INTENTS.search.test(q) && q.split(' ').length <= 4)
    return clubInfo(tools, out, lang, q, clubs[0]!.id);

  // A follow-up keeps the previous search and changes what it names ("¿y el domingo?", "¿y en Chueca?").
  const followUp =
    Boolean(context?.filters) && (/^(y|and|what about|how about|e) /.test(q) || q.split(' ').length <= 3);
  let filters = fresh;
  if (followUp && context?.filters && hasFilters(fresh)) {
    filters = { ...context.filters, ...fresh };
    if (fresh.clubId) delete filters.barrio;
    if (fresh.barrio && !fresh.clubId) delete filters.clubId;
  }
  const cheapest = INTENTS.cheapest.test(q);
  if (hasFilters(filters) || INTENTS.search.test(q) || cheapest)
    return search(tools, out, lang, filters, vocabulary.clubs, cheapest);
  if (INTENTS.greeting.test(q) || INTENTS.help.test(q)) return help(out, lang);
  if (INTENTS.thanks.test(q))
    return out.text(
      say(
        lang,
        '¡De nada! Si quieres, te busco algo más para salir.',
        "You're welcome! Ask me anytime for more plans.",
      ),
    );
  return dontKnow(out, lang);
}

function help(out: Reply, lang: Lang) {
  out.text(
    say(
      lang,
      '¡Hola! Te ayudo a salir por Madrid con lo que hay de verdad en Nocturna:\n\n- qué hay **esta noche**, **mañana** o **este finde**, por género, barrio o precio\n- dirección, horario, edad y código de vestimenta de cada discoteca\n- precios y entradas que quedan, y **reservar** (siempre con tu confirmación)\n- **tus entradas** y qué conexiones tuyas van',
      "Hi! I help you go out in Madrid with what is really on in Nocturna:\n\n- what's on **tonight**, **tomorrow** or **this weekend**, by genre, area or price\n- each club's address, hours, age limit and dress code\n- prices and tickets left, and **booking** (always with your confirmation)\n- **your tickets** and which of your connections are going",
    ),
  );
}

function dontKnow(out: Reply, lang: Lang) {
  out.text(
    say(
      lang,
      'No lo sé. Solo puedo responder sobre las discotecas, los eventos y tus entradas en Nocturna. Prueba con «¿Qué hay esta noche?» o «Techno este finde en Lavapiés».',
      'I don\'t know. I can only answer about the clubs, events and your tickets on Nocturna. Try "What\'s on tonight?" or "Techno this weekend in Lavapiés".',
    ),
  );
}

async function search(
  tools: AssistantTools,
  out: Reply,
  lang: Lang,
  filters: Filters,
  clubs: ClubName[],
  cheapest: boolean,
) {
  let events = await tools.searchEvents(filters, cheapest ? 40 : 6);
  if (cheapest) events = byPrice(events).slice(0, 6);
  const heading = dateHeading(filters.dateKey, filters.from, lang);
  const what = describe(filters, clubs, lang);
  out.context = {
    filters,
    results: events.map((e) => ({ id: e.id, name: e.name, minPriceCents: e.minPrice?.cents ?? null })),
    eventId: events[0]?.id,
    clubId: filters.clubId ?? out.context?.clubId,
  };
  if (events.length > 0) {
    const n = events.length;
    const intro = cheapest
      ? say(
          lang,
          `${heading}, lo más barato${what ? ' ' + what : ''}:`,
          `${heading}, the cheapest${what ? ' ' + what : ''}:`,
        )
      : say(
          lang,
          `${heading} ${filters.from ? 'hay' : 'tienes'} ${n} ${n === 1 ? 'plan' : 'planes'}${what ? ' ' + what : ''}:`,
          `${heading} there ${n === 1 ? 'is 1 event' : `are ${n} events`}${what ? ' ' + what : ''}:`,
        );
    out.text(`${intro}\n\n`);
    const cards = await tools.cards(events);
    out.text(
      events
        .slice(0, 5)
        .map((e) => eventLine(e, lang))
        .join('\n'),
    );
    out.push({ type: 'cards', cards });
    out.text(
      say(
        lang,
        '\n\n¿Quieres precios o que te reserve alguna?',
        '\n\nWant prices, or shall I book one for you?',
      ),
    );
    return;
  }
  // Nothing on that date: say so, then what comes next with the same taste.
  out.text(
    say(
      lang,
      `${heading} no encuentro nada${what ? ' ' + what : ''}.`,
      `${heading} I can't find anything${what ? ' ' + what : ''}.`,
    ),
  );
  if (!filters.from) return;
  const { from: _from, to: _to, dateKey: _key, ...rest } = filters;
  const later = (await tools.searchEvents(rest, 6)).filter((e) => e.startAt >= filters.to!);
  if (later.length === 0) return;
  out.context = {
    filters,
    results: later.map((e) => ({ id: e.id, name: e.name, minPriceCents: e.minPrice?.cents ?? null })),
    eventId: later[0]!.id,
  };
  const cards = await tools.cards(later);
  out.text(
    say(lang, ' Lo próximo que hay:\n\n', " Here's what's coming up next:\n\n") +
      later
        .slice(0, 5)
        .map((e) => eventLine(e, lang))
        .join('\n'),
  );
  out.push({ type: 'cards', cards });
}

function byPrice(events: EventSummary[]): EventSummary[] {
  return [...events].sort((a, b) => (a.minPrice?.cents ?? Infinity) - (b.minPrice?.cents ?? Infinity));
}

async function cheapestOf(tools: AssistantTools, out: Reply, lang: Lang, context: AssistantContext) {
  const priced = context.results!.filter((r) => r.minPriceCents !== null);
  if (priced.length === 0) {
    out.text(say(lang, 'No tengo precios de esos eventos.', "I don't have prices for those events."));
    return;
  }
  const best = [...priced].sort((a, b) => a.minPriceCents! - b.minPriceCents!)[0]!;
  const event = await tools.eventDetails(best.id);
  if (!event) return dontKnow(out, lang);
  out.context = { ...context, eventId: event.id };
  // The price as it is now, not as it was when the list was given.
  const words = priceWords(event.price, lang);
  out.text(
    say(
      lang,
      `La más barata es **${event.name}** (${event.club.name}, ${event.barrio}), ${when(event.startAt, lang)}${words ? `: ${words}` : ''}.`,
      `The cheapest is **${event.name}** (${event.club.name}, ${event.barrio}), ${when(event.startAt, lang)}${words ? `: ${words}` : ''}.`,
    ),
  );
  out.push({ type: 'cards', cards: await tools.cards([event]) });
}

// Which event a question means: one it names (title or club), an ordinal over the last results, or the one
// the conversation was about.
async function eventMeant(
  tools: AssistantTools,
  q: string,
  clubs: ClubName[],
  range: DateRange | null,
  context: AssistantContext | null,
): Promise<EventSummary | { id: string } | null> {
  const vocabulary = await tools.vocabulary();
  const titles = vocabulary.titlesIn(q);
  if (clubs.length > 0 || titles.length > 0) {
    const inContext = context?.results?.find((r) => {
      const name = foldForSearch(r.name);
      return (
        titles.some((t) => name.startsWith(t)) || clubs.some((c) => name.endsWith(foldForSearch(c.name)))
      );
    });
    if (inContext && !range) return { id: inContext.id };
    const filters: SearchFilters = range ? { from: range.from, to: range.to } : {};
    if (clubs[0]) filters.clubId = clubs[0].id;
    const found = await tools.searchEvents({ ...filters, q: titles[0] }, 1);
    if (found[0]) return found[0];
    if (titles[0] && clubs[0]) return (await tools.searchEvents(filters, 1))[0] ?? null;
    return null;
  }
  for (const [pattern, index] of ORDINALS) {
    if (pattern.test(q) && context?.results?.[index]) return { id: context.results[index].id };
  }
  if (INTENTS.cheapest.test(q) && context?.results?.length) {
    const best = [...context.results]
      .filter((r) => r.minPriceCents !== null)
      .sort((a, b) => a.minPriceCents! - b.minPriceCents!)[0];
    if (best) return { id: best.id };
  }
  if (range) return (await tools.searchEvents({ from: range.from, to: range.to }, 1))[0] ?? null;
  return context?.eventId ? { id: context.eventId } : null;
}

async function about(
  tools: AssistantTools,
  out: Reply,
  lang: Lang,
  q: string,
  clubs: ClubName[],
  range: DateRange | null,
  context: AssistantContext | null,
) {
  const meant = await eventMeant(tools, q, clubs, range, context);
  const event = meant ? await tools.eventDetails(meant.id) : null;
  if (!event) {
    out.text(
      say(
        lang,
        '¿De qué evento? Dime su nombre o pregúntame qué hay y elige uno.',
        'Which event? Tell me its name, or ask me what is on and pick one.',
      ),
    );
    return;
  }
  out.context = { ...(context ?? {}), eventId: event.id, clubId: event.clubId };
  const cards = await tools.cards([event]);
  out.text(aboutEvent(event, lang));
  out.push({ type: 'cards', cards });
}

async function prices(
  tools: AssistantTools,
  out: Reply,
  lang: Lang,
  q: string,
  clubs: ClubName[],
  range: DateRange | null,
  context: AssistantContext | null,
  fresh: Filters,
) {
  if (INTENTS.cheapest.test(q) || (!clubs.length && hasFilters(fresh) && !context?.eventId))
    return search(tools, out, lang, fresh, (await tools.vocabulary()).clubs, true);
  const meant = await eventMeant(tools, q, clubs, range, context);
  if (!meant) {
    if (clubs[0]) {
      const club = await tools.clubDetails(clubs[0].id);
      if (club) {
        out.text(
          say(
            lang,
            `${club.name} no tiene eventos próximos en Nocturna. Sus precios suelen ir de ${club.priceRange}.`,
            `${club.name} has no upcoming events on Nocturna. Its prices usually range ${club.priceRange}.`,
          ),
        );
        return;
      }
    }
    out.text(
      say(
        lang,
        '¿De qué evento o discoteca? Dime su nombre, por ejemplo «¿Cuánto cuesta la entrada a Kápital?».',
        'Which event or club? Tell me its name, e.g. "How much is Kápital?".',
      ),
    );
    return;
  }
  const [event, offers] = await Promise.all([tools.eventDetails(meant.id), tools.ticketTypes(meant.id)]);
  if (!event || !offers) return dontKnow(out, lang);
  out.context = { ...(context ?? {}), eventId: event.id, clubId: event.clubId };
  const lines = offers.types.map((t) => {
    const state = t.availability === 'on_sale' ? '' : ` — ${say(lang, ...AVAILABILITY[t.availability])}`;
    const left =
      t.availability === 'on_sale' && t.remaining !== null
        ? say(lang, ` — quedan ${t.remaining}`, ` — ${t.remaining} left`)
        : '';
    return `- ${t.name}: ${price(t.price.cents, lang)}${left}${state}`;
  });
  out.text(
    say(
      lang,
      `Entradas para **${event.name}** (${when(event.startAt, lang)}):`,
      `Tickets for **${event.name}** (${when(event.startAt, lang)}):`,
    ) +
      '\n\n' +
      (lines.length
        ? lines.join('\n')
        : say(lang, 'No tiene entradas a la venta.', 'It has no tickets on sale.')),
  );
  out.push({ type: 'cards', cards: await tools.cards([event]) });
}

async function clubInfo(tools: AssistantTools, out: Reply, lang: Lang, q: string, clubId: string) {
  const club = await tools.clubDetails(clubId);
  if (!club) return dontKnow(out, lang);
  out.context = {
    ...(out.context ?? {}),
    clubId: club.id,
    eventId: club.upcomingEvents[0]?.id ?? out.context?.eventId,
  };
  const days = new Intl.ListFormat(lang === 'es' ? 'es' : 'en', { type: 'conjunction' }).format(
    club.openingDays.map((d) => say(lang, ...DAY_NAMES[d]!)),
  );
  const map = `https://www.openstreetmap.org/?mlat=${club.latitude}&mlon=${club.longitude}#map=17/${club.latitude}/${club.longitude}`;
  const lines =
    lang === 'es'
      ? [
          `**${club.name}** está en ${club.address} (${club.barrio}).`,
          `- Abre: ${days}, ${club.openingHours}`,
          `- Edad mínima: ${club.minimumAge} años`,
          `- Código de vestimenta: ${club.dressCode}`,
          `- Precios: ${club.priceRange}`,
          `- Cómo llegar: [ver en el mapa](${map})`,
        ]
      : [
          `**${club.name}** is at ${club.address} (${club.barrio}).`,
          `- Open: ${days}, ${club.openingHours}`,
          `- Minimum age: ${club.minimumAge}`,
          `- Dress code: ${club.dressCode}`,
          `- Prices: ${club.priceRange}`,
          `- Getting there: [see it on the map](${map})`,
        ];
  out.text(lines.join('\n'));
  out.push({
    type: 'cards',
    cards: [
      {
        kind: 'club',
        id: club.id,
        slug: club.slug,
        name: club.name,
        barrio: club.barrio,
        address: club.address,
        coverURL: club.coverURL,
        priceRange: club.priceRange,
        minimumAge: club.minimumAge,
      },
      ...(await tools.cards(club.upcomingEvents.slice(0, 3))),
    ],
  });
  void q;
}

const DAY_NAMES: Record<string, [string, string]> = {
  MON: ['lunes', 'Monday'],
  TUE: ['martes', 'Tuesday'],
  WED: ['miércoles', 'Wednesday'],
  THU: ['jueves', 'Thursday'],
  FRI: ['viernes', 'Friday'],
  SAT: ['sábado', 'Saturday'],
  SUN: ['domingo', 'Sunday'],
};

async function myTickets(tools: AssistantTools, out: Reply, lang: Lang) {
  const tickets = await tools.myTickets();
  if (tickets.length === 0) {
    out.text(
      say(
        lang,
        'No tienes entradas para los próximos días. ¿Te busco algo para esta noche?',
        "You don't have tickets for the coming days. Shall I find something for tonight?",
      ),
    );
    return;
  }
  const lines = tickets.map(
    (t) =>
      `- **${t.event.name}** — ${when(t.event.startAt, lang)}, ${t.type} (${price(t.price.cents, lang)})${
        t.status === 'used' ? say(lang, ', ya usada', ', already used') : ''
      }`,
  );
  out.text(
    say(
      lang,
      `Tienes ${tickets.length} ${tickets.length === 1 ? 'entrada' : 'entradas'}:`,
      `You have ${tickets.length} ${tickets.length === 1 ? 'ticket' : 'tickets'}:`,
    ) +
      '\n\n' +
      lines.join('\n') +
      say(
        lang,
        '\n\nLas tienes con su QR en [Mis entradas](/tickets).',
        '\n\nThey are with their QR codes in [My tickets](/tickets).',
      ),
  );
}

async function friendsGoing(
  tools: AssistantTools,
  out: Reply,
  lang: Lang,
  q: string,
  clubs: ClubName[],
  context: AssistantContext | null,
) {
  const named = clubs.length > 0 || /\b(ahi|alli|there|esa|ese|that)\b/.test(q);
  const meant = named ? await eventMeant(tools, q, clubs, null, context) : null;
  const going = await tools.connectionsGoing(meant?.id);
  if (going.length === 0) {
    out.text(
      meant
        ? say(
            lang,
            'Ninguna de tus conexiones ha dicho que vaya a ese evento.',
            "None of your connections has said they're going to that event.",
          )
        : say(
            lang,
            'Ninguna de tus conexiones tiene planes a la vista (o no los comparte).',
            "None of your connections has plans coming up (or they don't share them).",
          ),
    );
    return;
  }
  out.text(
    say(lang, 'De tus conexiones:', 'From your connections:') +
      '\n\n' +
      going
        .slice(0, 10)
        .map((g) =>
          say(
            lang,
            `- **${g.name}** va a ${g.eventName} (${when(g.startAt, lang)})`,
            `- **${g.name}** is going to ${g.eventName} (${when(g.startAt, lang)})`,
          ),
        )
        .join('\n'),
  );
}

async function reserve(
  tools: AssistantTools,
  out: Reply,
  lang: Lang,
  q: string,
  clubs: ClubName[],
  range: DateRange | null,
  context: AssistantContext | null,
) {
  const meant = await eventMeant(tools, q, clubs, range, context);
  if (!meant) {
    out.text(
      say(
        lang,
        '¿Para qué evento? Pregúntame qué hay y te digo cuál puedo reservarte.',
        'For which event? Ask me what is on and I will tell you what I can book.',
      ),
    );
    return;
  }
  const hint = /\bvip\b/.test(q)
    ? 'vip'
    : /\bgeneral\b/.test(q)
      ? 'general'
      : /\blista\b/.test(q)
        ? 'lista'
        : /\bcopas?\b/.test(q)
          ? 'copas'
          : /\bpreventa\b/.test(q)
            ? 'preventa'
            : undefined;
  const result = await tools.proposeReservation(meant.id, hint, quantityIn(q));
  if ('problem' in result) {
    const message: Record<typeof result.problem, [string, string]> = {
      not_found: ['No encuentro ese evento.', "I can't find that event."],
      sold_out: ['Está **Agotado**: ya no quedan entradas.', "It's **Sold out**: there are no tickets left."],
      not_on_sale: ['Ahora mismo no tiene entradas a la venta.', 'It has no tickets on sale right now.'],
      limit: [
        'Ya tienes el máximo de entradas de ese tipo por persona.',
        'You already hold the most tickets of that type one person can have.',
      ],
    };
    out.text(say(lang, ...message[result.problem]));
    return;
  }
  const p = result.proposal;
  out.context = { ...(context ?? {}), eventId: p.eventId };
  const total = price(p.price.cents * p.quantity, lang);
  out.text(
    say(
      lang,
      `Te propongo ${p.quantity} ${p.quantity === 1 ? 'entrada' : 'entradas'} **${p.ticketTypeName}** para **${p.eventName}** (${when(p.startAt, lang)}), ${total}. Confírmalo abajo para conseguirla: no hago nada sin tu confirmación.`,
      `I can get you ${p.quantity} **${p.ticketTypeName}** ${p.quantity === 1 ? 'ticket' : 'tickets'} for **${p.eventName}** (${when(p.startAt, lang)}), ${total}. Confirm below to get it: I do nothing without your confirmation.`,
    ),
  );
  out.push({ type: 'proposal', proposal: p });
}
