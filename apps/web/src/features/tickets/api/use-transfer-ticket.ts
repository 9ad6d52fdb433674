// POST /api/tickets/:id/transfer: passes the ticket to a connection; my QR stops working.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const transferTicket = ({ ticketId, toUserId }: { ticketId: string; toUserId: string }) =>
  api<TicketDetail>(`/api/tickets/${encodeURIComponent(ticketId)}/transfer`, {
    method: 'POST',
    json: { toUserId },
  });

export function useTransferTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferTicket,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKeys.detail(userId, ticket.id), ticket),
    // Not awaited: the dialog closes as soon as the server answers; the lists refresh behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
