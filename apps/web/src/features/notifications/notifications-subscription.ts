// The server's notification events turned into TanStack Query cache updates, so the list and both badges
// change without a reload (subscribed by notifications-realtime.tsx while someone is signed in).
import type { QueryClient } from '@tanstack/react-query';
import { notificationSchema, SOCKET_EVENTS, unreadCountSchema } from '@nocturna/shared/notifications';
import { z } from 'zod';
import { setLiveQueryData } from '../../lib/live-query-data.ts';
import { onSocketConnect, onSocketEvent } from '../../lib/socket.ts';
import { notificationKeys } from './api/notification-keys.ts';
import {
  addNotification,
  removeNotification,
  setAllRead,
  setRead,
  type NotificationPages,
} from './notification-cache.ts';

const updatedSchema = z.object({ id: z.string(), isRead: z.boolean() });
const deletedSchema = z.object({ id: z.string() });

export function subscribeNotifications(queryClient: QueryClient, userId: string): () => void {
  const list = notificationKeys.list(userId);
  const edit = (fn: (data: NotificationPages | undefined) => NotificationPages | undefined) =>
    queryClient.setQueryData<NotificationPages>(list, fn);
  // Payloads are checked: a malformed event is ignored rather than written into the cache.
  const subscriptions = [
    onSocketEvent(SOCKET_EVENTS.notificationNew, (payload) => {
      const parsed = notificationSchema.safeParse(payload);
      if (parsed.success) edit((data) => addNotification(data, parsed.data));
    }),
    onSocketEvent(SOCKET_EVENTS.notificationUpdated, (payload) => {
      const parsed = updatedSchema.safeParse(payload);
      if (parsed.success) edit((data) => setRead(data, parsed.data.id, parsed.data.isRead));
    }),
    onSocketEvent(SOCKET_EVENTS.notificationDeleted, (payload) => {
      const parsed = deletedSchema.safeParse(payload);
      if (parsed.success) edit((data) => removeNotification(data, parsed.data.id));
    }),
    onSocketEvent(SOCKET_EVENTS.notificationsAllRead, () => edit(setAllRead)),
    onSocketEvent(SOCKET_EVENTS.unreadCount, (payload) => {
      const parsed = unreadCountSchema.safeParse(payload);
      if (parsed.success)
        void setLiveQueryData(queryClient, notificationKeys.unreadCount(userId), parsed.data);
    }),
    // After a drop the socket missed events: re-read the unread count and the list. So too when this module
    // loaded after the socket connected: a notification in between was sent before anything here listened.
    onSocketConnect(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }), {
      alsoIfOpen: true,
    }),
  ];
  return () => subscriptions.forEach((unsubscribe) => unsubscribe());
}
