// When the wallet on screen last came from the server. Offline, the list is the service worker's saved copy, whose
// Date header is the server's time of that answer; without a saved copy (no worker), the query's own last answer.
import { useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../lib/api-client.ts';
import type { TicketListWhen } from './ticket-keys.ts';

async function savedCopyDate(when: TicketListWhen): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  const saved = await caches.match(withQuery('/api/tickets', { when }));
  const date = Date.parse(saved?.headers.get('date') ?? '');
  return Number.isNaN(date) ? null : date;
}

export function useWalletSyncedAt(
  userId: string,
  when: TicketListWhen,
  offline: boolean,
  answeredAt: number,
): Date | null {
  const saved = useQuery({
    queryKey: ['tickets', 'synced-at', userId, when],
    queryFn: () => savedCopyDate(when),
    enabled: offline && Boolean(userId),
    // Read from this device only: no network involved.
    networkMode: 'always',
    staleTime: 0,
  });
  const at = saved.data ?? (answeredAt > 0 ? answeredAt : null);
  return at === null ? null : new Date(at);
}
