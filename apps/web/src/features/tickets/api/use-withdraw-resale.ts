// POST /api/tickets/:id/resale/withdraw: take my ticket back from resale (refused while someone holds its offer).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const withdrawResale = (ticketId: string) =>
  api<TicketDetail>(`/api/tickets/${encodeURIComponent(ticketId)}/resale/withdraw`, { method: 'POST' });

export function useWithdrawResale(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawResale,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKeys.detail(userId, ticket.id), ticket),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
