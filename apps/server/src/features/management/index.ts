// What other features use of club management: events with their figures, counted by the database.
export { selectEventFigures, toEventFigures } from './events/event-list.ts';
// Ticket types that got cheaper, from the audit trail ("Novedades").
export { priceDropsSince, type PriceDrop } from './audit/price-drops.ts';
