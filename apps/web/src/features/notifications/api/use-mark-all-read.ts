// POST /api/notifications/read-all: every unread one turns read and the badge disappears.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setAllRead, type NotificationPages } from '../notification-cache.ts';
import { cancelReads, notificationKeys } from './notification-keys.ts';

export const markAllRead = () => api<void>('/api/notifications/read-all', { method: 'POST' });

export function useMarkAllRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: async () => {
      await cancelReads(queryClient);
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), setAllRead);
      queryClient.setQueryData<{ count: number }>(notificationKeys.unreadCount(userId), { count: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
