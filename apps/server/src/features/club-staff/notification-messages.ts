// The notifications club staff changes raise: catalogue messages and their data.
import type { NewNotification } from '../notifications/index.ts';

export function addedToDoor(
  userId: string,
  club: { id: string; name: string },
  addedBy: string,
): NewNotification {
  return {
    userId,
    type: 'system',
    message: 'addedToDoor',
    data: { clubName: club.name },
    link: '/puerta',
    refs: { clubId: club.id, addedBy },
  };
}

export function madeClubOwner(
  userId: string,
  club: { id: string; name: string },
  addedBy: string,
): NewNotification {
  return {
    userId,
    type: 'system',
    message: 'madeClubOwner',
    data: { clubName: club.name },
    link: '/ceo/dashboard',
    refs: { clubId: club.id, addedBy },
  };
}
