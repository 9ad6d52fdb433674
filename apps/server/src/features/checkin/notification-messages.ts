// The notifications a check-in or a refusal raises for the ticket's holder: catalogue messages and their data.
import type { NewNotification } from '../notifications/index.ts';

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
    message: 'ticketCheckedIn',
    data: { eventName: input.eventName, typeName: input.type, at: input.at.toISOString(), door: input.door },
    link: '/tickets',
    refs: { eventId: input.eventId, ticketId: input.ticketId },
  };
}

export function ticketRefused(input: {
  userId: string;
  ticketId: string;
  eventId: string;
  eventName: string;
  reason: string;
  note: string | null;
  refunded: boolean;
}): NewNotification {
  return {
    userId: input.userId,
    type: 'ticket_refused',
    message: input.refunded ? 'ticketRefusedRefunded' : 'ticketRefused',
    // The door's own note names an "other" refusal.
    data: {
      eventName: input.eventName,
      reason: input.reason,
      ...(input.reason === 'other' && input.note ? { note: input.note } : {}),
    },
    link: '/tickets',
    refs: { eventId: input.eventId, ticketId: input.ticketId },
  };
}
