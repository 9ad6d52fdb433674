// The assistant's evaluation set: questions over the Madrid seed, each with what a correct answer must and must
// not contain. The seed's events are placed relative to today, so answers about dates are checked against the
// public events API (the oracle), and answers about clubs against the seed's fixed club data.
import type { EventSummary } from '@nocturna/shared';
import { MADRID_CLUBS } from '../src/seed/madrid-clubs.ts';

export type Facts = {
  tonight: EventSummary[];
  tomorrow: EventSummary[];
  weekend: EventSummary[];
  upcoming: EventSummary[];
  // Upcoming events of one genre / barrio, soonest first.
  genre(g: string): EventSummary[];
  barrio(b: string): EventSummary[];
  later(days: number): EventSummary[];
};

export type EvalCase = {
  q: string;
  // Asked first, in the same conversation (follow-ups).
  setup?: string[];
  contains?: (f: Facts) => string[];
  // At least one of these.
  containsAny?: (f: Facts) => string[];
  notContains?: (f: Facts) => string[];
};

const club = (slug: string) => MADRID_CLUBS.find((c) => c.slug === slug)!;
const street = (slug: string) => club(slug).address.split(',')[0]!;
const names = (events: EventSummary[]) => events.map((e) => e.name);
// An event that is not on the asked date: the answer must not make it up as being on it.
const notTonight = (f: Facts) => names(f.later(10).slice(0, 1));
const first = (events: EventSummary[]) => (events[0] ? [events[0].name] : ['no encuentro']);

export const SPANISH: EvalCase[] = [
  { q: '¿Qué hay esta noche?', contains: (f) => first(f.tonight), notContains: notTonight },
  { q: 'que hay esta noche', contains: (f) => first(f.tonight), notContains: notTonight },
  { q: '¿Dónde salgo esta noche?', contains: (f) => first(f.tonight) },
  { q: 'planes para hoy', contains: (f) => first(f.tonight) },
  {
    q: '¿qué hay mañana?',
    contains: (f) => first(f.tomorrow),
    notContains: (f) => names(f.tonight.filter((e) => !f.tomorrow.some((t) => t.id === e.id))).slice(0, 1),
  },
  { q: 'fiestas mañana por la noche', contains: (f) => first(f.tomorrow) },
  { q: '¿Qué planes hay este finde?', contains: (f) => first(f.weekend) },
  { q: 'que hay el fin de semana', contains: (f) => first(f.weekend) },
  { q: 'Techno este finde', containsAny: (f) => [...names(f.genre('techno').slice(0, 3)), 'no encuentro'] },
  {
    q: 'Techno este finde en Lavapiés',
    containsAny: () => ['Sala Bóveda', 'no encuentro'],
    notContains: () => ['Kápital'],
  },
  { q: 'tecno en lavapies', contains: () => ['techno'], containsAny: () => ['Sala Bóveda', 'no encuentro'] },
  { q: 'algo de reggaeton', contains: (f) => first(f.genre('reggaeton')) },
  { q: 'regeton', contains: (f) => first(f.genre('reggaeton')) },
  { q: 'fiestas de house', contains: (f) => first(f.genre('house')) },
  {
    q: 'indie en Malasaña',
    containsAny: (f) => [
      ...names(
        f
          .genre('indie')
          .filter((e) => e.barrio === 'Malasaña')
          .slice(0, 1),
      ),
      'no encuentro',
    ],
  },
  { q: 'eventos en Chueca', contains: (f) => first(f.barrio('Chueca')) },
  { q: '¿Hay algo en Salamanca?', contains: (f) => first(f.barrio('Salamanca')) },
  { q: 'discotecas en Tetuán', contains: () => ['Tetuán'] },
  { q: 'hip hop', contains: (f) => first(f.genre('hip-hop')) },
  { q: 'musica latina', contains: (f) => first(f.genre('latin')) },
  { q: 'algo de rock', contains: (f) => first(f.genre('rock')) },
  {
    q: 'electronica esta semana',
    containsAny: (f) => [...names(f.genre('electronica').slice(0, 2)), 'no encuentro'],
  },
  { q: '¿Qué hay el sábado?', contains: () => ['sábado'] },
  { q: 'que hay el viernes', contains: () => ['viernes'] },
  { q: 'Techno el sábado', contains: () => ['techno'] },
  { q: 'esta noche por menos de 15 euros', contains: () => ['15 €'] },
  { q: 'algo gratis', containsAny: () => ['gratis', 'no encuentro'] },
  {
    q: 'planes para 18 años este finde',
    notContains: () => ['Fábrica Sur', 'Club Alquimia', 'Tetuán Warehouse', 'Retiro Lounge'],
  },
  { q: '¿Y el domingo?', setup: ['¿Qué hay este finde?'], contains: () => ['domingo'] },
  { q: '¿y mañana?', setup: ['Techno esta noche'], contains: () => ['Mañana'] },
  { q: '¿y en Chueca?', setup: ['¿Qué hay este finde?'], contains: () => ['Chueca'] },
  {
    q: '¿Cuál es más barata?',
    setup: ['¿Qué hay esta noche?'],
    contains: () => ['más barata'],
    notContains: () => ['No lo sé'],
  },
  { q: 'la mas barata', setup: ['planes este finde'], contains: () => ['barata'] },
  { q: 'reserva la primera', setup: ['¿Qué hay esta noche?'], contains: () => ['Confírmalo'] },
  {
    q: 'resérvame una entrada',
    setup: ['¿Qué hay este finde?'],
    contains: () => ['Confírmalo', 'no hago nada sin tu confirmación'],
  },
  {
    q: 'quiero dos entradas para la segunda',
    setup: ['¿Qué hay este finde?'],
    contains: () => ['2 entradas'],
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
  {
    q: '¿Cuánto cuesta la entrada a Kápital?',
    containsAny: () => ['Entradas para', 'no tiene eventos próximos'],
    contains: () => ['Kápital'],
  },
  { q: 'precio de sala boveda', containsAny: () => ['Entradas para', 'no tiene eventos próximos'] },
  { q: '¿Cuánto cuesta?', setup: ['¿Qué hay esta noche?'], contains: () => ['Entradas para'] },
  { q: 'precios de la primera', setup: ['¿Qué hay este finde?'], contains: () => ['Entradas para'] },
  { q: 'Mis entradas', contains: () => ['No tienes entradas'] },
  { q: '¿tengo entradas?', contains: () => ['No tienes entradas'] },
  { q: '¿Qué amigos van?', contains: () => ['conexiones'] },
  { q: 'quien va esta noche', contains: () => ['conexiones'] },
  { q: 'Hola', contains: () => ['Hola'] },
  { q: '¿Qué puedes hacer?', contains: () => ['reservar'] },
  { q: '¿Qué tiempo hace mañana en Madrid?', contains: () => ['No lo sé'] },
  { q: '¿Cuál es la capital de Francia?', contains: () => ['No lo sé'] },
  { q: 'asdfgh qwerty', contains: () => ['No lo sé'] },
  { q: 'gracias', contains: () => ['De nada'] },
  { q: 'house en Chamberí', containsAny: () => ['Terraza Chamberí', 'no encuentro'] },
];

export const ENGLISH: EvalCase[] = [
  { q: "What's on tonight?", contains: (f) => ['Tonight', ...first(f.tonight)] },
  {
    q: 'Any techno this weekend?',
    containsAny: (f) => [...names(f.genre('techno').slice(0, 3)), "can't find"],
    contains: () => ['weekend'],
  },
  { q: 'Where is Kápital?', contains: () => [street('kapital'), 'Minimum age'] },
  { q: 'What is the dress code at Club Alquimia?', contains: () => ['Dress code', 'Elegante'] },
  { q: 'Show me my tickets', contains: () => ["You don't have tickets"] },
  { q: 'Which of my friends are going out?', contains: () => ['connections'] },
  {
    q: 'Parties in Chueca tomorrow',
    containsAny: () => ['Chueca', "can't find"],
    contains: () => ['Tomorrow'],
  },
  { q: "What's the weather like?", contains: () => ["I don't know"] },
  { q: 'What can you do?', contains: () => ['book'] },
  { q: 'Which one is the cheapest?', setup: ["What's on tonight?"], contains: () => ['cheapest'] },
];
