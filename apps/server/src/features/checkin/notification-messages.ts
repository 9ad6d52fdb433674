// The wording of the notification a check-in raises for the ticket's holder, in Spanish.
import { TIME_ZONE } from '@nocturna/shared';
import type { NewNotification } from '../notifications/service.ts';

const timeOfDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});

export function ticketCheckedIn(input: {
  userId: string;
  ticketId: string;
  eventId: string;
  eventName: string;
  type: string;
  door: string;
  at: Date;
}): NewNotification {
  return {
    userId: input.userId,
    type: 'ticket_checked_in',
    title: `Ya estás dentro: ${input.eventName}`,
    body: `Tu entrada ${input.type} se validó a las ${timeOfDay.format(input.at)} en ${input.door}. ¡Que disfrutes la noche!`,
    link: '/tickets',
    refs: { eventId: input.eventId, ticketId: input.ticketId },
  };
}
