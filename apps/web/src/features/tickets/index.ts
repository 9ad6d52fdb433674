// The ticket offers an event page shows.
export { EventTicketOffers } from './event-ticket-offers.tsx';
