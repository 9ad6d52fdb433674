// Every connection action (request, accept, decline, cancel, remove, block, unblock) is one POST/PUT/DELETE
// naming the other person. Afterwards every people query refreshes: lists, counts, profiles and search results.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionStatus } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import type { ConnectionAction } from '../connection-actions.ts';
import { invalidatePeople, peopleKeys } from './people-keys.ts';

const person = (userId: string) => encodeURIComponent(userId);

export function runConnectionAction(action: ConnectionAction, userId: string): Promise<unknown> {
  switch (action) {
    case 'request':
      return api<ConnectionStatus>('/api/connections/requests', { method: 'POST', json: { userId } });
    case 'accept':
      return api<ConnectionStatus>(`/api/connections/requests/${person(userId)}/accept`, { method: 'POST' });
    case 'decline':
      return api<ConnectionStatus>(`/api/connections/requests/${person(userId)}/decline`, { method: 'POST' });
    case 'cancel':
      return api<ConnectionStatus>(`/api/connections/requests/${person(userId)}`, { method: 'DELETE' });
    case 'remove':
      return api<ConnectionStatus>(`/api/connections/${person(userId)}`, { method: 'DELETE' });
    case 'block':
      return api(`/api/blocks/${person(userId)}`, { method: 'PUT' });
    case 'unblock':
      return api(`/api/blocks/${person(userId)}`, { method: 'DELETE' });
  }
}

export function useConnectionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: { action: ConnectionAction; userId: string }) =>
      runConnectionAction(action, userId),
    // After a block the blocked person's profile answers 404; the open page shows its own notice instead of
    // refetching it.
    onSettled: (_data, _error, { action }) =>
      action === 'block'
        ? queryClient.invalidateQueries({
            queryKey: peopleKeys.all,
            predicate: (q) => q.queryKey[1] !== 'profile',
          })
        : invalidatePeople(queryClient),
  });
}
