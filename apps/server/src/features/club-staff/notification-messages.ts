// The wording of the notifications club staff changes raise, in Spanish.
import type { NewNotification } from '../notifications/service.ts';

export function addedToDoor(
  userId: string,
  club: { id: string; name: string },
  addedBy: string,
): NewNotification {
  return {
    userId,
    type: 'system',
    title: `Estás en la puerta de ${club.name}`,
    body: `Ya puedes escanear las entradas de los eventos de ${club.name} desde Puerta.`,
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
    title: `Eres responsable de ${club.name}`,
    body: `Desde tu panel de CEO puedes gestionar el equipo de puerta de ${club.name}.`,
    link: '/ceo/dashboard',
    refs: { clubId: club.id, addedBy },
  };
}
