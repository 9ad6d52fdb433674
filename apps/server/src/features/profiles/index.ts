// People as other features read them: the person row, their cards, which tickets count as "going".
export { findPerson, GOING_TICKET_STATUSES } from './repository.ts';
export { userCards } from './people.ts';
// The photo pipeline (type by content, size limits, HEIC, EXIF/GPS stripped), for other uploads than avatars.
export { encodeUpload } from './avatar-image.ts';
// Connections going to upcoming events, gated by each friend's "show my events" switch (explore, "Novedades"),
// and the same gate as a subquery of the connections it lets through (their wall snapshots in "Novedades").
export { connectionsGoing, connectionsSharingEvents, type FriendGoing } from './friends-going.ts';
export { profileById, searchPeopleRanked } from './service.ts';
