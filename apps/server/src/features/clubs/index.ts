// The clubs feature's public surface: its service and the club page with its upcoming events.
export * from './service.ts';
export { getClub } from './club-with-events.ts';
export { searchClubs, type ClubSearch } from './search.ts';
export { clubPlaces } from './places.ts';
