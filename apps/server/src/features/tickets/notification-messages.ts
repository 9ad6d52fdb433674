// The wording of the ticket notifications, stored in Spanish, the product's language.
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

type TicketRef = { ticketId: string; eventId: string; eventName: string; startAt: Date };
const link = (ticketId: string) => `/tickets?ticket=${encodeURIComponent(ticketId)}`;

export function ticketIssued(
  userId: string,
  ticket: TicketRef & { quantity: number; typeName: string },
): NewNotification {
  const what = ticket.quantity === 1 ? 'Tu entrada' : `Tus ${ticket.quantity} entradas`;
  return {
    userId,
    type: 'ticket_issued',
    title: `${what} para ${ticket.eventName}`,
    body: `${ticket.typeName} · ${night.format(ticket.startAt)}. El QR está en Entradas, también sin conexión.`,
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId },
  };
}

export function ticketReceived(
  userId: string,
  from: { id: string; name: string },
  ticket: TicketRef,
): NewNotification {
  return {
    userId,
    type: 'ticket_transferred',
    title: `${from.name} te ha pasado una entrada`,
    body: `${ticket.eventName} · ${night.format(ticket.startAt)}. Ya tienes el QR en Entradas.`,
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId, userId: from.id },
  };
}

export function ticketSent(
  userId: string,
  to: { id: string; name: string },
  ticket: TicketRef,
): NewNotification {
  return {
    userId,
    type: 'ticket_transferred',
    title: `Has pasado tu entrada a ${to.name}`,
    body: `${ticket.eventName}: tu QR ya no vale; ahora entra con el suyo.`,
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId, userId: to.id },
  };
}

export function ticketCancelled(
  userId: string,
  ticket: TicketRef & { toWaitlist?: boolean },
): NewNotification {
  return {
    userId,
    type: 'ticket_cancelled',
    title: `Entrada cancelada: ${ticket.eventName}`,
    body: ticket.toWaitlist
      ? 'Has cancelado tu entrada y su plaza pasa a la primera persona de la lista de espera.'
      : 'Has cancelado tu entrada y su plaza vuelve a estar a la venta.',
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId },
  };
}

const clock = new Intl.DateTimeFormat('es-ES', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

export function waitlistOffer(
  userId: string,
  offer: {
    entryId: string;
    eventId: string;
    eventSlug: string;
    eventName: string;
    typeName: string;
    expiresAt: Date;
  },
): NewNotification {
  return {
    userId,
    type: 'waitlist_offer',
    title: `¡Hay una plaza para ti en ${offer.eventName}!`,
    body: `${offer.typeName}: es tuya si la coges antes de las ${clock.format(offer.expiresAt)}. Después pasa a la siguiente persona de la lista de espera.`,
    link: `/evento/${encodeURIComponent(offer.eventSlug)}`,
    refs: { eventId: offer.eventId, waitlistEntryId: offer.entryId },
  };
}

// The ticket offered to them was used at the door by its holder, who went after all.
export function resaleOfferWithdrawn(
  userId: string,
  offer: { entryId: string; eventId: string; eventSlug: string; eventName: string },
): NewNotification {
  return {
    userId,
    type: 'waitlist_offer',
    title: `La entrada de ${offer.eventName} ya no está disponible`,
    body: 'Quien la revendía ha decidido ir y ha entrado con ella. Sigues en tu sitio de la lista de espera.',
    link: `/evento/${encodeURIComponent(offer.eventSlug)}`,
    refs: { eventId: offer.eventId, waitlistEntryId: offer.entryId },
  };
}

export function ticketResold(userId: string, ticket: TicketRef & { refunded: boolean }): NewNotification {
  return {
    userId,
    type: 'ticket_transferred',
    title: `Tu entrada para ${ticket.eventName} se ha revendido`,
    body: ticket.refunded
      ? 'Alguien de la lista de espera la ha comprado a su precio: tu QR ya no vale y te devolvemos el importe.'
      : 'Alguien de la lista de espera la ha cogido a su precio: tu QR ya no vale y no tienes nada pendiente.',
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId },
  };
}
