// The wording of the connection notifications, stored in Spanish, the product's language.
import type { NewNotification } from '../notifications/service.ts';

type Person = { id: string; name: string };

export function connectionRequested(addresseeId: string, from: Person): NewNotification {
  return {
    userId: addresseeId,
    type: 'connection_request',
    title: `${from.name} quiere conectar contigo`,
    body: 'Acepta la solicitud para veros en línea, ver a qué eventos vais y escribiros.',
    link: '/conexiones?tab=received',
    refs: { userId: from.id },
  };
}

export function connectionAccepted(requesterId: string, by: Person): NewNotification {
  return {
    userId: requesterId,
    type: 'connection_accepted',
    title: `${by.name} ha aceptado tu solicitud`,
    body: 'Ya estáis conectados: mira su perfil y a qué eventos va.',
    link: `/u/${encodeURIComponent(by.id)}`,
    refs: { userId: by.id },
  };
}
