// The ticket offers an event page shows.
export { EventTicketOffers } from './event-ticket-offers.tsx';
// The club editor's card for the club's cancellation rule.
export { ClubCancelRuleSection } from './components/club-cancel-rule-section.tsx';
// The shell keeps the signed-in person's wallet saved for offline use.
export { useKeepWalletOffline } from './api/keep-wallet-offline.ts';
