// The assistant's evaluation set: questions over the Madrid seed, each with what a correct answer must and must
// not contain. The seed's events are placed relative to today, so what is right is computed from the public
// events API (the oracle): a list answer must name the first event the API gives for the same search, list no
// event the API would not, and show each one's price; "no encuentro" is accepted only when the API has nothing.
// Club answers are checked against the seed's fixed club data.
import type { EventSummary } from '@nocturna/shared';
import { MADRID_CLUBS } from '../src/seed/madrid-clubs.ts';

export type Weekday = 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';

// A search as the public API takes it (plus the age the question gives, applied to minimumAge).
export type Query = {
  when?: 'hoy' | 'manana' | 'finde';
  night?: Weekday;
  week?: boolean;
  genre?: string;
  barrio?: string;
  maxPrice?: number;
  q?: string;
  club?: string;
  age?: number;
};

export type TicketLine = { name: string; cents: number };

export type Oracle = {
  // Events still open for that search, soonest first, as GET /api/events lists them.
  events(query: Query): Promise<EventSummary[]>;
  // The ticket types of an event as GET /api/events/:id/ticket-types shows them.
  ticketTypes(event: EventSummary): Promise<TicketLine[]>;
  euros(cents: number): string;
};

type Expect = (o: Oracle) => string[] | Promise<string[]>;

export type EvalCase = {
  q: string;
  // Asked first, in the same conversation (follow-ups).
  setup?: string[];
  // A list answer over this search (see above).
  lists?: Query;
  // The seed must have events for `lists`, so the case cannot pass by saying it found nothing.
  hasData?: boolean;
  contains?: Expect;
  // At least one of these.
  containsAny?: Expect;
  notContains?: Expect;
};

const club = (slug: string) => MADRID_CLUBS.find((c) => c.slug === slug)!;
const street = (slug: string) => club(slug).address.split(',')[0]!;

// The one a follow-up means: the nth event of the previous answer's list (it shows the first six).
const nth = (query: Query, n: number) => async (o: Oracle) => {
  const event = (await o.events(query))[n];
  return event ? [event.name] : ['__no such event in the seed__'];
};

// The cheapest of the events the previous answer listed (ties: any of them), with its price.
const cheapestShown =
  (query: Query, shown = 6) =>
  async (o: Oracle) => {
    const listed = (await o.events(query)).slice(0, shown).filter((e) => e.minPrice);
    const low = Math.min(...listed.map((e) => e.minPrice!.cents));
    return listed.filter((e) => e.minPrice!.cents === low).map((e) => e.name);
  };
const cheapestPrice =
  (query: Query, shown = 6) =>
  async (o: Oracle) => {
    const listed = (await o.events(query)).slice(0, shown).filter((e) => e.minPrice);
    return [o.euros(Math.min(...listed.map((e) => e.minPrice!.cents)))];
  };

// The price lines of the nth event of a list: every ticket type with its price.
const pricesOf = (query: Query, n: number) => async (o: Oracle) => {
  const event = (await o.events(query))[n];
  if (!event) return ['__no such event in the seed__'];
  const types = await o.ticketTypes(event);
  return [`Entradas para **${event.name}**`, ...types.map((t) => `${t.name}: ${o.euros(t.cents)}`)];
};

// "¿Cuánto cuesta la entrada a <club>?": its next event's prices, or that it has none coming.
const clubPrices = (slug: string) => async (o: Oracle) => {
  const event = (await o.events({ club: slug }))[0];
  if (!event) return ['no tiene eventos próximos'];
  const types = await o.ticketTypes(event);
  return [`Entradas para **${event.name}**`, ...types.map((t) => `${t.name}: ${o.euros(t.cents)}`)];
};

const tonight: Query = { when: 'hoy' };
const weekend: Query = { when: 'finde' };

export const SPANISH: EvalCase[] = [
  { q: '¿Qué hay esta noche?', lists: tonight, hasData: true },
  { q: 'que hay esta noche', lists: tonight, hasData: true },
  { q: '¿Dónde salgo esta noche?', lists: tonight, hasData: true },
  { q: 'planes para hoy', lists: tonight, hasData: true },
  { q: '¿qué hay mañana?', lists: { when: 'manana' }, hasData: true },
  { q: 'fiestas mañana por la noche', lists: { when: 'manana' }, hasData: true },
  { q: '¿Qué planes hay este finde?', lists: weekend, hasData: true },
  { q: 'que hay el fin de semana', lists: weekend, hasData: true },
  { q: 'Techno este finde', lists: { when: 'finde', genre: 'techno' } },
  {
    q: 'Techno este finde en Lavapiés',
    lists: { when: 'finde', genre: 'techno', barrio: 'Lavapiés' },
    notContains: () => ['Kápital'],
  },
  { q: 'tecno en lavapies', lists: { genre: 'techno', barrio: 'Lavapiés' }, hasData: true },
  { q: 'algo de reggaeton', lists: { genre: 'reggaeton' }, hasData: true },
  { q: 'regeton', lists: { genre: 'reggaeton' }, hasData: true },
  { q: 'fiestas de house', lists: { genre: 'house' }, hasData: true },
  { q: 'indie en Malasaña', lists: { genre: 'indie', barrio: 'Malasaña' } },
  { q: 'eventos en Chueca', lists: { barrio: 'Chueca' }, hasData: true },
  { q: '¿Hay algo en Salamanca?', lists: { barrio: 'Salamanca' }, hasData: true },
  { q: 'discotecas en Tetuán', lists: { barrio: 'Tetuán' }, hasData: true },
  { q: 'hip hop', lists: { genre: 'hip-hop' }, hasData: true },
  { q: 'musica latina', lists: { genre: 'latin' }, hasData: true },
  { q: 'algo de rock', lists: { genre: 'rock' }, hasData: true },
  { q: 'electronica esta semana', lists: { genre: 'electronica', week: true } },
  { q: '¿Qué hay el sábado?', lists: { night: 'SAT' }, hasData: true, contains: () => ['El sábado'] },
  { q: 'que hay el viernes', lists: { night: 'FRI' }, hasData: true, contains: () => ['El viernes'] },
  { q: 'Techno el sábado', lists: { night: 'SAT', genre: 'techno' } },
  { q: 'esta noche por menos de 15 euros', lists: { when: 'hoy', maxPrice: 1500 } },
  { q: 'techno por menos de 20 euros este finde', lists: { when: 'finde', genre: 'techno', maxPrice: 2000 } },
  { q: 'algo gratis', lists: { maxPrice: 0 } },
  { q: 'planes para 18 años este finde', lists: { when: 'finde', age: 18 }, hasData: true },
  { q: '¿Y el domingo?', setup: ['¿Qué hay este finde?'], lists: { night: 'SUN' }, hasData: true },
  { q: '¿y mañana?', setup: ['Techno esta noche'], lists: { when: 'manana', genre: 'techno' } },
  { q: '¿y en Chueca?', setup: ['¿Qué hay este finde?'], lists: { when: 'finde', barrio: 'Chueca' } },
  {
    q: '¿Cuál es más barata?',
    setup: ['¿Qué hay esta noche?'],
    containsAny: cheapestShown(tonight),
    contains: cheapestPrice(tonight),
  },
  {
    q: 'la mas barata',
    setup: ['planes este finde'],
    containsAny: cheapestShown(weekend),
    contains: cheapestPrice(weekend),
  },
  {
    q: 'lo más barato este finde',
    containsAny: cheapestShown(weekend, 100),
    contains: cheapestPrice(weekend, 100),
  },
  {
    q: 'reserva la primera',
    setup: ['¿Qué hay esta noche?'],
    contains: async (o) => [...(await nth(tonight, 0)(o)), 'Confírmalo'],
  },
  {
    q: 'resérvame una entrada',
    setup: ['¿Qué hay este finde?'],
    contains: async (o) => [...(await nth(weekend, 0)(o)), 'Confírmalo', 'no hago nada sin tu confirmación'],
  },
  {
    q: 'quiero dos entradas para la segunda',
    setup: ['¿Qué hay este finde?'],
    contains: async (o) => [...(await nth(weekend, 1)(o)), '2 entradas'],
  },
  {
    q: 'cuéntame más de la primera',
    setup: ['¿Qué hay esta noche?'],
    contains: async (o) => {
      const event = (await o.events(tonight))[0];
      return event ? [event.name, event.clubName, 'Edad mínima'] : ['__no event tonight__'];
    },
  },
  { q: '¿Dónde está Kápital?', contains: () => [street('kapital')] },
  { q: 'donde esta kapitl', contains: () => [street('kapital')] },
  { q: 'dirección de Sala Bóveda', contains: () => [street('sala-boveda')] },
  { q: 'como llego a fabrica sur', contains: () => [street('fabrica-sur'), 'mapa'] },
  { q: '¿Qué código de vestimenta tiene Club Alquimia?', contains: () => ['Elegante'] },
  { q: 'dress code de Órbita', contains: () => ['Arreglado'] },
  { q: 'edad minima en Fábrica Sur', contains: () => ['21 años'] },
  { q: '¿A qué hora abre La Cúpula?', contains: () => [club('la-cupula').openingHours] },
  { q: 'horario de cripta', contains: () => [club('cripta-lavapies').openingHours] },
  { q: 'Kápital', contains: () => [street('kapital')] },
  { q: 'Tetuán Warehouse', contains: () => ['Tetuán Warehouse', '21 años'] },
  { q: '¿Cuánto cuesta la entrada a Kápital?', contains: clubPrices('kapital') },
  { q: 'precio de sala boveda', contains: clubPrices('sala-boveda') },
  { q: '¿Cuánto cuesta?', setup: ['¿Qué hay esta noche?'], contains: pricesOf(tonight, 0) },
  { q: 'precios de la primera', setup: ['¿Qué hay este finde?'], contains: pricesOf(weekend, 0) },
  { q: '¿Dónde pincha DJ Nebula?', lists: { q: 'DJ Nebula' }, hasData: true },
  { q: '¿cuándo toca Kiko Beats?', lists: { q: 'Kiko Beats' }, hasData: true },
  { q: '¿Cuándo pincha Selecta Ana este finde?', lists: { q: 'Selecta Ana', when: 'finde' } },
  { q: '¿Cuándo es Perreo Intenso?', lists: { q: 'Perreo Intenso' }, hasData: true },
  { q: 'Mis entradas', contains: () => ['No tienes entradas'] },
  { q: '¿tengo entradas?', contains: () => ['No tienes entradas'] },
  { q: '¿Qué amigos van?', contains: () => ['Ninguna de tus conexiones'] },
  { q: 'quien va esta noche', contains: () => ['Ninguna de tus conexiones'] },
  { q: 'Hola', contains: () => ['Hola'] },
  { q: '¿Qué puedes hacer?', contains: () => ['reservar'] },
  { q: '¿Qué tiempo hace mañana en Madrid?', contains: () => ['No lo sé'] },
  { q: '¿Cuál es la capital de Francia?', contains: () => ['No lo sé'] },
  { q: 'asdfgh qwerty', contains: () => ['No lo sé'] },
  { q: 'gracias', contains: () => ['De nada'] },
  { q: 'house en Chamberí', lists: { genre: 'house', barrio: 'Chamberí' } },
];

export const ENGLISH: EvalCase[] = [
  { q: "What's on tonight?", lists: tonight, hasData: true, contains: () => ['Tonight'] },
  { q: 'Any techno this weekend?', lists: { when: 'finde', genre: 'techno' }, contains: () => ['weekend'] },
  { q: 'Where is Kápital?', contains: () => [street('kapital'), 'Minimum age'] },
  { q: 'What is the dress code at Club Alquimia?', contains: () => ['Dress code', 'Elegante'] },
  { q: 'Show me my tickets', contains: () => ["You don't have tickets"] },
  { q: 'Which of my friends are going out?', contains: () => ['None of your connections'] },
  {
    q: 'Parties in Chueca tomorrow',
    lists: { when: 'manana', barrio: 'Chueca' },
    contains: () => ['Tomorrow'],
  },
  { q: "What's the weather like?", contains: () => ["I don't know"] },
  { q: 'What can you do?', contains: () => ['book'] },
  {
    q: 'Which one is the cheapest?',
    setup: ["What's on tonight?"],
    containsAny: cheapestShown(tonight),
    contains: async (o) => ['cheapest', ...(await cheapestPrice(tonight)(o))],
  },
  { q: 'Where is DJ Nebula playing?', lists: { q: 'DJ Nebula' }, hasData: true },
  { q: 'Free parties', lists: { maxPrice: 0 } },
];
