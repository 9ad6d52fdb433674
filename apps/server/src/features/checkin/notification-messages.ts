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

const REASON_WORDS: Record<string, string> = {
  dress_code: 'no cumplir el código de vestimenta',
  age: 'la edad mínima',
  intoxication: 'el estado en que llegaste',
  capacity: 'que el local estaba lleno',
  behaviour: 'el comportamiento',
  other: 'otro motivo',
};

export function ticketRefused(input: {
  userId: string;
  ticketId: string;
  eventId: string;
  eventName: string;
  reason: string;
  note: string | null;
  refunded: boolean;
}): NewNotification {
  const why = input.reason === 'other' && input.note ? input.note : REASON_WORDS[input.reason];
  const money = input.refunded
    ? ' Te devolvemos el importe a la tarjeta con la que pagaste.'
    : ' La discoteca no devuelve el importe en estos casos.';
  return {
    userId: input.userId,
    type: 'ticket_refused',
    title: `No has podido entrar: ${input.eventName}`,
    body: `La puerta rechazó tu entrada por ${why}.${money}`,
    link: '/tickets',
    refs: { eventId: input.eventId, ticketId: input.ticketId },
  };
}
