// GET /api/notifications: the signed-in user's notifications, newest first, 100 a page, cursor for older ones.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_LIMIT } from '@nocturna/shared/constants';
import type { Notification } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

export type NotificationPage = { items: Notification[]; nextCursor: string | null };

export const getNotifications = (cursor: string | undefined, signal?: AbortSignal) =>
  api<NotificationPage>(withQuery('/api/notifications', { cursor, limit: NOTIFICATIONS_LIMIT }), { signal });

export const notificationsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useNotifications = (userId: string) => useInfiniteQuery(notificationsQueryOptions(userId));
