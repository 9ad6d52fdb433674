// What the door (checkin) needs of tickets besides its service: the token check and the history row it writes
// in its own scan transaction.
export { checkTicketToken, tokenStanding, type TicketRow, type TicketTokenCheck } from './token-check.ts';
export { insertHistory } from './repository.ts';
// What the management feature needs when a club cancels an event.
export { cancelTicketsOfEvent, type CancelledHolding } from './event-cancellation.ts';
// What the promoters feature needs to issue a guest list's ticket.
export type { TicketSigner } from './signing.ts';
// What discovery (explore, "Novedades") reads: recent sales per event, places freed by cancellations.
export { recentSalesOfEvent, releasedByCancellation, type ReleasedType } from './discovery.ts';
