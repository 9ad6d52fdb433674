// A ticket's night as an RFC 5545 calendar file ("Añadir al calendario"), written by the `ics` library.
import { createEvent } from 'ics';
import type { Ticket } from '@nocturna/shared';

export function ticketCalendar(ticket: Ticket, publicUrl: string): string {
  const { error, value } = createEvent({
    productId: 'nocturna/tickets',
    // Stable per ticket: adding it twice updates the same calendar entry.
    uid: `${ticket.id}@nocturna`,
    start: new Date(ticket.event.startAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(ticket.event.endAt).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${ticket.event.name}`,
    description: `Entrada ${ticket.type} a nombre de ${ticket.holderName}. El QR está en Nocturna › Entradas.`,
    location: [ticket.club.name, ticket.club.address].filter(Boolean).join(', '),
    geo: { lat: ticket.club.latitude, lon: ticket.club.longitude },
    url: `${publicUrl}/evento/${encodeURIComponent(ticket.event.slug)}`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    // A reminder three hours before the doors.
    alarms: [
      {
        action: 'display',
        description: `${ticket.event.name} empieza en 3 horas`,
        trigger: { hours: 3, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error('ics produced nothing');
  return value;
}

// An ASCII file name for Content-Disposition (the event name can carry any character).
export function calendarFileName(ticket: Ticket): string {
  const slug = ticket.event.slug
    .normalize('NFD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 60);
  return `nocturna-${slug || 'entrada'}.ics`;
}
