// The ticket notifications: catalogue messages and their data, worded in the reader's language when shown.
import type { NewNotification } from '../notifications/index.ts';

type TicketRef = { ticketId: string; eventId: string; eventName: string; startAt: Date };
const link = (ticketId: string) => `/tickets?ticket=${encodeURIComponent(ticketId)}`;

export function ticketIssued(
  userId: string,
  ticket: TicketRef & { quantity: number; typeName: string },
): NewNotification {
  return {
    userId,
    type: 'ticket_issued',
    message: 'ticketIssued',
    data: {
      eventName: ticket.eventName,
      typeName: ticket.typeName,
      startAt: ticket.startAt.toISOString(),
      count: ticket.quantity,
    },
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
    message: 'ticketReceived',
    data: { name: from.name, eventName: ticket.eventName, startAt: ticket.startAt.toISOString() },
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
    message: 'ticketSent',
    data: { name: to.name, eventName: ticket.eventName },
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
    message: ticket.toWaitlist ? 'ticketCancelledWaitlist' : 'ticketCancelled',
    data: { eventName: ticket.eventName },
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId },
  };
}

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
    message: 'waitlistOffer',
    data: { eventName: offer.eventName, typeName: offer.typeName, expiresAt: offer.expiresAt.toISOString() },
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
    message: 'resaleOfferWithdrawn',
    data: { eventName: offer.eventName },
    link: `/evento/${encodeURIComponent(offer.eventSlug)}`,
    refs: { eventId: offer.eventId, waitlistEntryId: offer.entryId },
  };
}

export function ticketResold(userId: string, ticket: TicketRef & { refunded: boolean }): NewNotification {
  return {
    userId,
    type: 'ticket_transferred',
    message: ticket.refunded ? 'ticketResoldRefunded' : 'ticketResold',
    data: { eventName: ticket.eventName },
    link: link(ticket.ticketId),
    refs: { ticketId: ticket.ticketId, eventId: ticket.eventId },
  };
}
