// What other features may ask of DJs besides their service: the recent bookings of the DJs a person follows.
export { eventsWithFollowedDjs, followedDjBookings, type FollowedDjBooking } from './followed-bookings.ts';
