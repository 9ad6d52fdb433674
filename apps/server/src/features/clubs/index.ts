// The clubs feature's public surface: its service (the club page with its upcoming events is events').
export * from './service.ts';
export { searchClubs, type ClubSearch } from './search.ts';
export { clubPlaces } from './places.ts';
