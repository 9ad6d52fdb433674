// What ticket holders are told when a club changes or cancels their night: catalogue messages and their data.
import type { NewNotification } from '../../notifications/index.ts';

type EventRef = { id: string; slug: string; name: string; startAt: Date };

export function eventCancelled(userId: string, event: EventRef, tickets: number): NewNotification {
  return {
    userId,
    type: 'event_cancelled',
    message: 'eventCancelled',
    data: { eventName: event.name, startAt: event.startAt.toISOString(), count: tickets },
    link: '/tickets',
    refs: { eventId: event.id },
  };
}

export function eventMoved(userId: string, event: EventRef): NewNotification {
  return {
    userId,
    type: 'event_changed',
    message: 'eventMoved',
    data: { eventName: event.name, startAt: event.startAt.toISOString() },
    link: `/evento/${event.slug}`,
    refs: { eventId: event.id },
  };
}
