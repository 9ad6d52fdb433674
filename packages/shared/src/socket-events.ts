// The socket's own events, apart from the payload schemas (notifications.ts): the browser's socket client
// needs the names only, and a visitor's page should not carry zod for them.
// Server → client socket events. Every change reaches every open tab of the user.
export const SOCKET_EVENTS = {
  notificationNew: 'notification:new', // Notification
  notificationUpdated: 'notification:updated', // { id, isRead }
  notificationDeleted: 'notification:deleted', // { id }
  notificationsAllRead: 'notifications:all-read', // {}
  unreadCount: 'notifications:unread-count', // { count }
  presenceChanged: 'presence:changed', // { userId, online, lastSeenAt }
  paymentOrderUpdated: 'payments:order-updated', // PaymentOrder: a card order of this user changed state
  // { reconnectAfterMs }: this server is shutting down; the socket closes next and should come back after
  // that delay (spread per socket), through the proxy, to another server.
  serverRestarting: 'server:restarting',
} as const;

// Something changed between the user and `userId` (connections.ts has the payload's schema).
export const CONNECTION_SOCKET_EVENTS = { changed: 'connections:changed' } as const;
