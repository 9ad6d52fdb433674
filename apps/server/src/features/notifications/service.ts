// The one way the server raises a notification: store it, then push it and the new unread count to every
// open tab of its user. Reads and changes made through the API are pushed the same way, so tabs stay in step.
import { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import {
  SOCKET_EVENTS,
  notificationMessageSchema,
  notificationTypeSchema,
  type Notification,
  type NotificationData,
  type NotificationMessage,
  type NotificationType,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso, type NotificationsTable } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import * as repo from './repository.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { preferenceFor } from './preferences.ts';
import * as clock from '../../clock.ts';
import { wordNotification } from './wording.ts';

export type NewNotification = {
  userId: string;
  type: NotificationType;
  // Stored as a message and its data; written in the reader's language when shown (wording.ts, the web).
  message: NotificationMessage;
  data: NotificationData;
  link?: string | null;
  refs?: Record<string, string>;
};

// The API's title and body are the Spanish words: the message's, or an old row's own text when it had none.
export function toNotification(row: NotificationsTable): Notification {
  const message = notificationMessageSchema.safeParse(row.message);
  const data = JSON.parse(row.data) as NotificationData;
  const spanish = message.success
    ? wordNotification(message.data, data, 'es')
    : { title: row.title, body: row.body };
  return {
    id: row.id,
    userId: row.user_id,
    type: notificationTypeSchema.parse(row.type),
    isRead: Boolean(row.is_read),
    createdAt: toIso(row.created_at),
    message: message.success ? message.data : null,
    data,
    title: spanish.title,
    body: spanish.body,
    link: row.link,
    refs: JSON.parse(row.refs) as Record<string, string>,
  };
}

// Inside a caller's transaction: the notification commits or rolls back with the change that raised it.
// Call publishNotification after the commit.
// The row of a new notification, for a caller that writes it in a statement of its own (the door's entry).
export function notificationRow(input: NewNotification): NotificationsTable {
  return {
    id: uuidv7(),
    user_id: input.userId,
    type: input.type,
    is_read: false,
    message: input.message,
    data: JSON.stringify(input.data),
    title: '',
    body: '',
    link: input.link ?? null,
    refs: JSON.stringify(input.refs ?? {}),
    created_at: clock.now().toISOString(),
  };
}

export async function createNotification(
  db: Db | Parameters<typeof repo.insertNotification>[0],
  input: NewNotification,
): Promise<Notification> {
  const row = notificationRow(input);
  await repo.insertNotification(db, row);
  return toNotification(row);
}

export async function pushUnreadCount(db: Db, bus: RealtimeBus, userId: string): Promise<number> {
  const count = await repo.countUnread(db, userId);
  bus.toUser(userId, SOCKET_EVENTS.unreadCount, { count });
  return count;
}

// E-mail and push copies go through the job queue (features/delivery runs it), as the person's preferences say.
export const NOTIFICATION_DELIVERY_JOB = 'notification.deliver';
export type DeliveryJob = { notificationId: string; email: boolean; push: boolean };

// What a new notification asks of the queue and of the person's list, written beside it (inside its transaction
// when the caller has one): the e-mail or push copy as a durable job, or, for someone who asked not to be told in
// the app, the notification marked read at once. True when they should also be told live (pushNotificationLive).
export async function queueNotificationDelivery(db: Db, notification: Notification): Promise<boolean> {
  const preference = await preferenceFor(db, notification.userId, notification.type);
  // Asked not to be told in the app: it stays in the list, already read, with no toast or badge.
  if (!preference.inApp) await repo.markRead(db, notification.userId, notification.id);
  if (preference.email || preference.push) {
    const job: DeliveryJob = {
      notificationId: notification.id,
      email: preference.email,
      push: preference.push,
    };
    await enqueueJob(db, NOTIFICATION_DELIVERY_JOB, job);
  }
  return preference.inApp;
}

// The live part: the toast on the person's open tabs and their unread badge.
export async function pushNotificationLive(
  db: Db,
  bus: RealtimeBus,
  notification: Notification,
): Promise<void> {
  bus.toUser(notification.userId, SOCKET_EVENTS.notificationNew, notification);
  await pushUnreadCount(db, bus, notification.userId);
}

export async function publishNotification(
  db: Db,
  bus: RealtimeBus,
  notification: Notification,
): Promise<void> {
  if (await queueNotificationDelivery(db, notification)) await pushNotificationLive(db, bus, notification);
}

export async function findNotification(db: Db, id: string): Promise<Notification | null> {
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toNotification(row) : null;
}

export async function notify(db: Db, bus: RealtimeBus, input: NewNotification): Promise<Notification> {
  const notification = await createNotification(db, input);
  await publishNotification(db, bus, notification);
  return notification;
}

const cursorShape = z.tuple([z.string(), z.string()]);

export async function listNotifications(db: Db, userId: string, options: { cursor?: string; limit: number }) {
  const before = decodeCursor(options.cursor, cursorShape);
  const rows = await repo.listForUser(db, userId, { before, limit: options.limit });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map(toNotification),
    nextCursor: rows.length > options.limit && last ? encodeCursor([toIso(last.created_at), last.id]) : null,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return repo.countUnread(db, userId);
}

const missing = () => notFound('La notificación', 'NOTIFICATION_NOT_FOUND');

export async function markNotificationRead(
  db: Db,
  bus: RealtimeBus,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await repo.markRead(db, userId, id))) throw missing();
  bus.toUser(userId, SOCKET_EVENTS.notificationUpdated, { id, isRead: true });
  await pushUnreadCount(db, bus, userId);
}

export async function markAllNotificationsRead(db: Db, bus: RealtimeBus, userId: string): Promise<void> {
  await repo.markAllRead(db, userId);
  bus.toUser(userId, SOCKET_EVENTS.notificationsAllRead, {});
  await pushUnreadCount(db, bus, userId);
}

export async function deleteNotification(
  db: Db,
  bus: RealtimeBus,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await repo.deleteOne(db, userId, id))) throw missing();
  bus.toUser(userId, SOCKET_EVENTS.notificationDeleted, { id });
  await pushUnreadCount(db, bus, userId);
}
