// A DJ or an event named in a question ("¿Dónde pincha DJ Nebula?", "¿Cuándo es Perreo Intenso?", "Where is
// Ozono playing?"): the words to search the catalogue's text for (event names, clubs and line-ups).
import type { Vocabulary } from './vocabulary.ts';

const PLAYS = /\b(pincha|pinchan|pinchando|toca|tocan|actua|actuan|plays?|playing|spinning|dj)\b/;

// Words around a name that are not part of it: question words, verbs of playing, date words, articles.
const FILLER = new Set(
  `donde cuando que quien a al el la los las de del en y e hoy esta este estos noche manana pasado finde fin
  semana proxima proximo que viene lunes martes miercoles jueves viernes sabado domingo pincha pinchan
  pinchando toca tocan actua actuan va van es son where when who what is are does do plays play playing
  spinning tonight tomorrow this next weekend week on at the and`
    .split(/\s+/)
    .filter(Boolean),
);

// `plain`: the question folded, before spelling fixes (a DJ's name is not a typo of a keyword).
export function freeTextIn(plain: string, vocabulary: Vocabulary): string | undefined {
  const titles = vocabulary.titlesIn(plain).sort((a, b) => b.length - a.length);
  if (titles[0]) return titles[0];
  if (!PLAYS.test(plain)) return undefined;
  const words = plain.split(' ').filter((word) => !FILLER.has(word));
  return words.length > 0 && words.length <= 4 ? words.join(' ') : undefined;
}
