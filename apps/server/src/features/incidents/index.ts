// What other features need of the ban list: the door's scan asks whether a ticket's holder is banned there.
export { activeBanFor, bannedTicketsOf } from './bans.ts';
export { banAtDoor, type DoorBanContext } from './door-ban.ts';
