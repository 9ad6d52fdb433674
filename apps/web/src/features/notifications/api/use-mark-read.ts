// POST /api/notifications/:id/read. The list and the badge change at once; the server's socket events
// confirm it (and tell the user's other tabs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setRead, type NotificationPages } from '../notification-cache.ts';
import { cancelReads, notificationKeys } from './notification-keys.ts';

export const markRead = (id: string) =>
  api<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: async (id) => {
      await cancelReads(queryClient);
      const list = queryClient.getQueryData<NotificationPages>(notificationKeys.list(userId));
      const wasUnread = list?.pages.some((page) => page.items.some((n) => n.id === id && !n.isRead)) ?? false;
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), (data) =>
        setRead(data, id, true),
      );
      if (wasUnread)
        queryClient.setQueryData<{ count: number }>(
          notificationKeys.unreadCount(userId),
          (c) => c && { count: Math.max(0, c.count - 1) },
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
