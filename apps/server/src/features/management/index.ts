// What other features use of club management: events with their figures, counted by the database.
export { selectEventFigures, toEventFigures } from './event-list.ts';
