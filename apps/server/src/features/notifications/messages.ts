// Notifications the server raises, as catalogue messages and their data (worded in wording.ts and by the web).
import type { Role } from '@nocturna/shared';
import type { NewNotification } from './service.ts';

export function roleGranted(userId: string, role: Role, grantedBy: string): NewNotification {
  return {
    userId,
    type: 'role_granted',
    message: 'roleGranted',
    data: { role },
    link: `/${role}/dashboard`,
    refs: { grantedBy },
  };
}

export function eventReminder(input: {
  userId: string;
  ticketId: string;
  eventId: string;
  eventName: string;
  startAt: Date;
}): NewNotification {
  return {
    userId: input.userId,
    type: 'event_reminder',
    message: 'eventReminder',
    data: { eventName: input.eventName, opensAt: input.startAt.toISOString() },
    link: `/evento/${encodeURIComponent(input.eventId)}`,
    refs: { eventId: input.eventId, ticketId: input.ticketId },
  };
}

// GDPR: someone shown in a wall photo asked for it to come down; it is hidden and waits for a moderator.
export function snapshotTakedownRequested(input: {
  moderatorId: string;
  snapshotId: string;
  eventId: string;
  eventSlug: string;
  eventName: string;
  requesterId: string;
  requesterName: string;
}): NewNotification {
  return {
    userId: input.moderatorId,
    type: 'snapshot_takedown',
    message: 'snapshotTakedown',
    data: { eventName: input.eventName, name: input.requesterName },
    link: `/evento/${encodeURIComponent(input.eventSlug)}/live`,
    refs: { eventId: input.eventId, snapshotId: input.snapshotId, requesterId: input.requesterId },
  };
}
