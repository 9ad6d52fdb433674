// The unread-notification count shown on the "Novedades" item and the mobile bell.
// GET /api/notifications/unread-count arrives with the notifications issue; until that endpoint exists the
// server answers 404, which we read as "nothing unread" rather than as an error. Visitors never ask.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../lib/api-client.ts';

export async function getUnreadCount(): Promise<number> {
  try {
    const body = await api<{ count: number }>('/api/notifications/unread-count');
    return typeof body?.count === 'number' ? body.count : 0;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return 0;
    throw error;
  }
}

export const unreadCountQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['notifications', 'unread-count', userId], queryFn: getUnreadCount, refetchInterval: 60_000 });

export function useUnreadCount(userId: string | null | undefined): number {
  const query = useQuery({ ...unreadCountQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  return userId ? (query.data ?? 0) : 0;
}
