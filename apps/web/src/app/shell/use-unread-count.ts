// The unread-notification count shown on the "Novedades" item and the mobile bell: the notifications
// feature's live count (the socket keeps it current). Visitors never ask.
export { useLiveUnreadCount as useUnreadCount } from '../../features/notifications/index.ts';
