// What the shell shows of notifications: the live unread count and the toasts of new ones.
export { useLiveUnreadCount } from './api/get-unread-count.ts';
export { NotificationsRealtime } from './notifications-realtime.tsx';
