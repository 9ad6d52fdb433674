// What the door (checkin) needs of tickets besides its service: the token check and the history row it writes
// in its own scan transaction.
export {
  checkTicketToken,
  findTicketByCompactPayload,
  tokenStanding,
  type TicketRow,
  type TicketTokenCheck,
} from './token-check.ts';
// The event tag NT2 tokens carry (the door compares it with its event's; the seed signs with it).
export { eventTagSync } from './signing.ts';
export { recordTicketHistory } from './history.ts';
// What the door needs to refund a card-paid ticket it refused (the club's policy decides).
export { refundIfPaidOnline } from './payment.ts';
// What the door needs when a holder uses a ticket they had put up for resale.
export { endResaleAtDoor } from './resale.ts';
// What the management feature needs when a club cancels an event.
export { cancelTicketsOfEvent, type CancelledHolding } from './event-cancellation.ts';
// What the promoters feature needs to issue a guest list's ticket.
export type { TicketSigner } from './signing.ts';
// What discovery (explore, "Novedades") reads: recent sales per event, places freed by cancellations.
export {
  clubsOfTicketHolder,
  eventsOfPerson,
  recentSalesOfEvent,
  releasedByCancellation,
  type ReleasedType,
} from './discovery.ts';
// What the payments feature needs: the card provider's place in a sale, and its orders' places and tickets.
export {
  PAYMENTS_EVENT_CANCELLED_JOB,
  PAYMENTS_REFUND_JOB,
  defaultPaymentProviders,
  type CheckoutRequest,
  type EventCancelledJob,
  type PaymentProvider,
  type PaymentProviders,
  type RefundJob,
} from './payment.ts';
export {
  findOrderByKey,
  holdOfferedPlace,
  holdPlaces,
  issueOrderTickets,
  releaseHolding,
  releasePlaces,
  type OrderTickets,
} from './paid-orders.ts';
// A waitlist offer paid by card: its price (quoted before paying) and its taking when the payment is confirmed.
export { offerPrice, takeOfferOfOrder, type WaitlistOrder } from './offer-taking.ts';
export { publishTicketNotifications } from './publish.ts';
export { findTypeWithEvent as ticketTypeWithEvent } from './repository.ts';
export { eventTicketTypes, issueListTicket, listMyTickets, myTicket } from './service.ts';
