import type { QueryClient } from '@tanstack/react-query';

// Every notifications query key starts with ['notifications', kind, userId]: a reconnect invalidates them all
// at once, and one user's cached list never serves the next person who signs in on the tab.
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
  unreadCount: (userId: string) => ['notifications', 'unread-count', userId] as const,
};

// Before a change is drawn ahead of the server's answer: a read already on its way (the socket's reconnect refreshes
// every list) would otherwise land after it with the state from before the change and undo it on screen. Once the
// server has answered, the lists are read again (onSettled), so the screen ends on what the server holds.
export const cancelReads = (queryClient: QueryClient) =>
  queryClient.cancelQueries({ queryKey: notificationKeys.all });
