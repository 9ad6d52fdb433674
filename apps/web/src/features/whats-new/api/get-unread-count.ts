// GET /api/whats-new/unread-count: the one count the shell asks for, for the dot on "Novedades". Kept tiny on
// purpose (the shell imports it); refreshed every few minutes and whenever the feed is marked as read.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whatsNewKeys } from './whats-new-keys.ts';

const REFRESH_MS = 5 * 60_000;

export function useWhatsNewUnread(userId: string | null | undefined): number {
  const query = useQuery({
    queryKey: whatsNewKeys.unread(userId ?? ''),
    queryFn: ({ signal }) => api<{ count: number }>('/api/whats-new/unread-count', { signal }),
    select: (r) => r.count,
    enabled: Boolean(userId),
    refetchInterval: REFRESH_MS,
  });
  return userId ? (query.data ?? 0) : 0;
}
