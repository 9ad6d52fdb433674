// The wording of the connection notifications, stored in Spanish, the product's language.
import type { NewNotification } from '../notifications/index.ts';

type Person = { id: string; name: string };

export function connectionRequested(addresseeId: string, from: Person): NewNotification {
  return {
    userId: addresseeId,
    type: 'connection_request',
    message: 'connectionRequested',
    data: { name: from.name },
    link: '/conexiones?tab=received',
    refs: { userId: from.id },
  };
}

export function connectionAccepted(requesterId: string, by: Person): NewNotification {
  return {
    userId: requesterId,
    type: 'connection_accepted',
    message: 'connectionAccepted',
    data: { name: by.name },
    link: `/u/${encodeURIComponent(by.id)}`,
    refs: { userId: by.id },
  };
}
