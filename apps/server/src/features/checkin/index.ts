// What other features need of the door: dropping a person from door rooms they may no longer watch.
export { leaveDoorsNoLongerAllowed } from './door-room.ts';
// The clubs a person has been let into, for "Novedades".
export { visitedClubIds } from './visited-clubs.ts';
