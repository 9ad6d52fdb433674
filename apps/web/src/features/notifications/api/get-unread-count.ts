// GET /api/notifications/unread-count, kept current by the socket's notifications:unread-count event.
// Visitors never ask: the query only runs with a signed-in user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export const getUnreadCount = (signal?: AbortSignal) =>
  api<{ count: number }>('/api/notifications/unread-count', { signal });

export const unreadCountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (r) => r.count,
  });

export function useLiveUnreadCount(userId: string | null | undefined): number {
  const query = useQuery({ ...unreadCountQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  return userId ? (query.data ?? 0) : 0;
}
