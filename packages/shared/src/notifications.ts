// Notifications and presence contract, shared by the server, the web app and the socket.
import { z } from 'zod';
import { NOTIFICATIONS_LIMIT } from './constants.ts';
import { notificationDataSchema, notificationMessageSchema } from './notification-messages.ts';

export const NOTIFICATION_TYPES = [
  'connection_request',
  'connection_accepted',
  'message_new',
  'ticket_issued',
  'ticket_checked_in',
  'ticket_transferred',
  'ticket_cancelled',
  'ticket_refused',
  'payment_refunded',
  'waitlist_offer',
  'event_reminder',
  'event_changed',
  'event_cancelled',
  'snapshot_approved',
  // A person shown in a wall photo asked for it to come down: to the event's moderators.
  'snapshot_takedown',
  'role_granted',
  'dj_booked',
  'system',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: notificationTypeSchema,
  isRead: z.boolean(),
  createdAt: z.string(),
  // What it says: a message of the catalogue and its data, written in the reader's language (notification-messages.ts).
  // Null for an old row kept as the Spanish text it was stored with.
  message: notificationMessageSchema.nullable(),
  data: notificationDataSchema,
  // The Spanish words: the message written in Spanish, or an old row's own text.
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  // The ids the notification refers to, e.g. { eventId, ticketId, userId }.
  refs: z.record(z.string(), z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_LIMIT).default(NOTIFICATIONS_LIMIT),
});
export const notificationPage = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

export { SOCKET_EVENTS } from './socket-events.ts';

export const ONLINE_STATUSES = ['online', 'offline'] as const;
// Device info sent on sign-in and with every heartbeat.
export const presenceDeviceSchema = z.object({
  email: z.string().max(254),
  displayName: z.string().max(120),
  userAgent: z.string().max(500),
  platform: z.string().max(100),
  language: z.string().max(35),
  timezone: z.string().max(64),
  screenResolution: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'screenResolution must look like 390x844'),
  onlineStatus: z.enum(ONLINE_STATUSES),
});
export type PresenceDevice = z.infer<typeof presenceDeviceSchema>;

export const PRESENCE_OFFLINE_AFTER_MS = 90_000;

export const presenceSchema = z.object({
  userId: z.string(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;
export const presenceSettingsSchema = z.object({ showOnline: z.boolean() });
