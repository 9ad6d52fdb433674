// Which language a question is in: the words it uses, with the page's language breaking a tie.
import { foldForSearch } from '@nocturna/shared';

export type Lang = 'es' | 'en';

const ENGLISH = new Set(
  `what whats where when how much many tonight today tomorrow weekend the is are any there my me show find
  which who going friends cheap cheapest cheaper price prices club clubs party parties events event near
  tickets ticket book buy get please can could you i im want to do does this next on in at for of with and
  hello hi thanks thank dress code open hours address age old years free under get there help`.split(/\s+/),
);
const SPANISH = new Set(
  `que hay esta noche donde cuando cuanto cuanta cuesta cuestan mis mi entradas entrada el la los las de del
  y para fin semana manana hoy es mas barata barato quiero reserva reservame reservar compra hola gracias
  amigos conexiones quien va van puedes me una un dos tres algo por favor discoteca discotecas fiesta fiestas
  sabado domingo viernes jueves esa ese cual cuales como llego direccion horario edad anos gratis menos
  codigo vestimenta tengo hasta con sin en lo se sabes tambien otra otro`.split(/\s+/),
);

export function detectLang(text: string, hint: Lang = 'es'): Lang {
  const words = foldForSearch(text)
    .replace(/[^a-z0-9'\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let en = 0;
  let es = 0;
  for (const word of words) {
    const w = word.replace(/'/g, '');
    if (ENGLISH.has(w)) en++;
    if (SPANISH.has(w)) es++;
  }
  if (en === es) return hint;
  return en > es ? 'en' : 'es';
}
