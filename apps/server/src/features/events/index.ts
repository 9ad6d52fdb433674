// The events feature's public surface: its service and the search box's event group.
export * from './service.ts';
// A club's page: the club and its upcoming events.
export { getClub } from './club-with-events.ts';
export { searchEvents, type EventSearch } from './search.ts';
export { searchDjs } from './dj-search.ts';
// What explore and "Novedades" compose their queries from: the summary select, tonight's state per club.
export { selectEventSummaries } from './repository.ts';
export { priceFromCents } from './price-sql.ts';
export { tonightByClub } from './tonight.ts';
// The night's calendar file, which a ticket's calendar file is made of too.
export { calendarFileName, nightCalendar, type CalendarNight } from './calendar.ts';
// The tables a catalogue answer (event list, event page, club page) is read from: a write to any of them makes
// the public answer cache compute the answer again.
export const catalogueTables = [
  'clubs',
  'club_genres',
  'events',
  'event_genres',
  'event_lineup',
  'ticket_types',
] as const;
