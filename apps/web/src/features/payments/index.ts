// What other features use of payments: the card checkout's summary (tickets' buy dialog and waitlist offers), the
// orders history (/tickets), the club's billing settings (club editor) and an event's card orders (event
// analytics).
export { CheckoutSummary, OfferCheckoutSummary } from './components/checkout-summary.tsx';
export { OrdersHistory } from './components/orders-history.tsx';
export { ClubBillingSection } from './components/club-billing-section.tsx';
export { EventOrdersCard } from './components/event-orders-card.tsx';
export { usePaymentsConfig } from './api/get-payments-config.ts';
export { useQuote } from './api/get-quote.ts';
export { useOfferQuote } from './api/get-offer-quote.ts';
