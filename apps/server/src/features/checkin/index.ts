// What other features need of the door: dropping a person from door rooms they may no longer watch.
export { leaveDoorsNoLongerAllowed } from './door-room.ts';
