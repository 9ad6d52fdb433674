// Every notifications query key starts with ['notifications', kind, userId]: a reconnect invalidates them all
// at once, and one user's cached list never serves the next person who signs in on the tab.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
  unreadCount: (userId: string) => ['notifications', 'unread-count', userId] as const,
};
