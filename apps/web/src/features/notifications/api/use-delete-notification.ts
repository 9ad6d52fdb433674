// DELETE /api/notifications/:id. Deleting an unread one also lowers the badge.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { removeNotification, type NotificationPages } from '../notification-cache.ts';
import { cancelReads, notificationKeys } from './notification-keys.ts';

export const deleteNotification = (id: string) =>
  api<void>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteNotification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id) => {
      await cancelReads(queryClient);
      const list = queryClient.getQueryData<NotificationPages>(notificationKeys.list(userId));
      const wasUnread = list?.pages.some((page) => page.items.some((n) => n.id === id && !n.isRead)) ?? false;
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), (data) =>
        removeNotification(data, id),
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
