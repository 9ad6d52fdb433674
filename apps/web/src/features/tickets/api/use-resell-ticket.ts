// POST /api/tickets/:id/resale: put my ticket up for resale at its price; it stays mine until someone from the
// waitlist takes it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const resellTicket = (ticketId: string) =>
  api<TicketDetail>(`/api/tickets/${encodeURIComponent(ticketId)}/resale`, { method: 'POST' });

export function useResellTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resellTicket,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKeys.detail(userId, ticket.id), ticket),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
