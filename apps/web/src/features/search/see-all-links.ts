// Where each group's "Ver todos" goes: the events and clubs lists with what the query understood as their own
// filters (a night, a genre, a barrio, the words left), and the people list.
import type { UnderstoodQuery } from '@nocturna/shared';
import { weekdayNight, madridWallClock } from '@nocturna/shared/madrid-time';

const withParams = (path: string, params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
};

export function allEventsLink(u: UnderstoodQuery, now: Date = new Date()): string {
  const day = u.weekday ? madridWallClock(weekdayNight(u.weekday, now).from).date : null;
  return withParams('/eventos', {
    q: u.terms.join(' '),
    when: u.when,
    from: day,
    to: day,
    genre: u.genre,
    barrio: u.barrio,
  });
}

export function allClubsLink(u: UnderstoodQuery): string {
  return withParams('/discotecas', { q: u.terms.join(' '), genre: u.genre, barrio: u.barrio });
}

// Every night of the DJs found: their names are in the events' text.
export function allDjNightsLink(u: UnderstoodQuery): string {
  return withParams('/eventos', { q: u.terms.join(' ') });
}

export function allPeopleLink(q: string): string {
  return withParams('/search', { grupo: 'personas', q });
}
