// The events feature's public surface: its service and the search box's event group.
export * from './service.ts';
export { searchEvents, type EventSearch } from './search.ts';
export { searchDjs } from './dj-search.ts';
