// What other features may ask of DJs besides their service: the recent bookings of the DJs a person follows, and
// where a DJ's own photo is kept (account deletion removes it).
export { eventsWithFollowedDjs, followedDjBookings, type FollowedDjBooking } from './followed-bookings.ts';
export { DJ_PHOTO_URL_PREFIX, djPhotoKey } from './photo.ts';
