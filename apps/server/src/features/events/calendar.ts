// A night as an RFC 5545 calendar file ("Añadir al calendario"), written by the `ics` library: the event page's
// (anyone) and a ticket's (its holder, tickets feature) share it.
import { createEvent } from 'ics';

export type CalendarNight = {
  // Stable per entry: adding the same file twice updates one calendar entry.
  uid: string;
  name: string;
  slug: string;
  startAt: string;
  endAt: string;
  club: { name: string; address: string; latitude: number; longitude: number };
  description: string;
};

export function nightCalendar(night: CalendarNight, publicUrl: string): string {
  const { error, value } = createEvent({
    productId: 'nocturna/nights',
    uid: night.uid,
    start: new Date(night.startAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(night.endAt).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: night.name,
    description: night.description,
    location: [night.club.name, night.club.address].filter(Boolean).join(', '),
    geo: { lat: night.club.latitude, lon: night.club.longitude },
    url: `${publicUrl}/evento/${encodeURIComponent(night.slug)}`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    // A reminder three hours before the doors.
    alarms: [
      {
        action: 'display',
        description: `${night.name} empieza en 3 horas`,
        trigger: { hours: 3, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error('ics produced nothing');
  return value;
}

// An ASCII file name for Content-Disposition (the event name can carry any character).
export function calendarFileName(slug: string, fallback: string): string {
  const safe = slug
    .normalize('NFD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 60);
  return `nocturna-${safe || fallback}.ics`;
}
