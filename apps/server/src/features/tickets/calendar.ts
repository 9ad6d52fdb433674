// A ticket's night as a calendar file: the night's entry with the ticket's holder and type in its description.
import type { Ticket } from '@nocturna/shared';
import { calendarFileName, nightCalendar } from '../events/index.ts';

export function ticketCalendar(ticket: Ticket, publicUrl: string): string {
  return nightCalendar(
    {
      uid: `${ticket.id}@nocturna`,
      name: ticket.event.name,
      slug: ticket.event.slug,
      startAt: ticket.event.startAt,
      endAt: ticket.event.endAt,
      club: ticket.club,
      description: `Entrada ${ticket.type} a nombre de ${ticket.holderName}. El QR está en Nocturna › Entradas.`,
    },
    publicUrl,
  );
}

export const ticketCalendarFileName = (ticket: Ticket) => calendarFileName(ticket.event.slug, 'entrada');
