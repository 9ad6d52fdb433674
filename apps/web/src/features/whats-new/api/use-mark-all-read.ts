// POST /api/whats-new/read-all: "marcar todo como leído".
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whatsNewKeys } from './whats-new-keys.ts';

export function useMarkAllWhatsNewRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ count: number }>('/api/whats-new/read-all', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: whatsNewKeys.all }),
  });
}
