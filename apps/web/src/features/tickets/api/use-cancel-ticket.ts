// POST /api/tickets/:id/cancel: gives the ticket back before the event starts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const cancelTicket = (ticketId: string) =>
  api<TicketDetail>(`/api/tickets/${encodeURIComponent(ticketId)}/cancel`, { method: 'POST' });

export function useCancelTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTicket,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKeys.detail(userId, ticket.id), ticket),
    // Not awaited: the dialog closes as soon as the server answers; the lists refresh behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
