// What ticket holders are told when a club changes or cancels their night, stored in Spanish.
import { TIME_ZONE } from '@nocturna/shared';
import type { NewNotification } from '../notifications/service.ts';

const night = new Intl.DateTimeFormat('es-ES', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

type EventRef = { id: string; slug: string; name: string; startAt: Date };

export function eventCancelled(userId: string, event: EventRef, tickets: number): NewNotification {
  const which = tickets === 1 ? 'Tu entrada queda cancelada' : `Tus ${tickets} entradas quedan canceladas`;
  return {
    userId,
    type: 'event_cancelled',
    title: `${event.name} se ha cancelado`,
    body: `La discoteca ha cancelado la noche del ${night.format(event.startAt)}. ${which}.`,
    link: '/tickets',
    refs: { eventId: event.id },
  };
}

export function eventMoved(userId: string, event: EventRef): NewNotification {
  return {
    userId,
    type: 'event_changed',
    title: `${event.name} cambia de hora`,
    body: `Ahora es el ${night.format(event.startAt)}. Tu entrada sigue valiendo.`,
    link: `/evento/${event.slug}`,
    refs: { eventId: event.id },
  };
}
