// "Cuéntame más de …": one event told in full. The organiser's description is quoted as what it is — their
// text, set apart in a block quote — and never read as something for the assistant to do.
import type { EventDetail } from '@nocturna/shared';
import { priceWords, say, when } from './format.ts';
import type { Lang } from './language.ts';

const DESCRIPTION_LIMIT = 600;

function quoted(text: string): string {
  const short = text.length > DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…` : text;
  return short
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export function aboutEvent(event: EventDetail, lang: Lang): string {
  const djs = event.lineup.map((slot) => slot.djName);
  const entry = priceWords(event.price, lang) ?? say(lang, 'sin entradas a la venta', 'no tickets on sale');
  const lines = [
    say(
      lang,
      `**${event.name}** — ${when(event.startAt, lang)}, en ${event.club.name} (${event.club.address}, ${event.barrio}).`,
      `**${event.name}** — ${when(event.startAt, lang)}, at ${event.club.name} (${event.club.address}, ${event.barrio}).`,
    ),
    '',
    say(lang, `- Música: ${event.genres.join(', ')}`, `- Music: ${event.genres.join(', ')}`),
    ...(djs.length ? [say(lang, `- Cartel: ${djs.join(', ')}`, `- Line-up: ${djs.join(', ')}`)] : []),
    say(
      lang,
      `- Edad mínima: ${event.minimumAge} años · Vestimenta: ${event.dressCode}`,
      `- Minimum age: ${event.minimumAge} · Dress code: ${event.dressCode}`,
    ),
    say(lang, `- Entradas: ${entry}`, `- Tickets: ${entry}`),
  ];
  const description = event.description.trim();
  if (description)
    lines.push(
      '',
      say(lang, 'Lo que cuenta el organizador:', 'What the organiser says:'),
      '',
      quoted(description),
    );
  return lines.join('\n');
}
