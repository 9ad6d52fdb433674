// What other features may ask of connections besides its service: who is connected to or blocks whom.
// (Re-exporting service.ts here would close a cycle through profiles, which connections' service reads.)
export { areConnected, blockedEitherWayIds, isBlockedEitherWay, pairKey } from './relations.ts';
