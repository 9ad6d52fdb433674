// POST /api/waitlist/:id/accept: take the place the waitlist offers (a repeat answers with the same ticket).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GetTicketsResponse } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const acceptWaitlistOffer = (entryId: string) =>
  api<GetTicketsResponse>(`/api/waitlist/${encodeURIComponent(entryId)}/accept`, { method: 'POST' });

export function useAcceptWaitlistOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptWaitlistOffer,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
