// How two people stand to each other, which every people feature asks (connections, profiles, presence, search,
// messages, the wall, ticket transfer): connected or not, blocked either way, their connections row and the
// connections they share. Connections changes these rows; everyone else only reads them, through here.
export { areConnected, blockedEitherWayIds, isBlockedEitherWay, pairKey } from './relations.ts';
export { connectionStateWith, connectionStatesWith, connectionsCount, stateFrom } from './state.ts';
export { findPair, friendsOf, mutualIds } from './repository.ts';
