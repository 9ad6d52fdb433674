// POST /api/waitlist/:id/accept: take the place the waitlist offers (a repeat answers with the same ticket). A card
// offer answers with its Checkout (the same order on a repeat); the total the person was shown goes with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GetTicketsResponse } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export type AcceptWaitlistOffer = { entryId: string; expectedTotalCents?: number };

export const acceptWaitlistOffer = ({ entryId, expectedTotalCents }: AcceptWaitlistOffer) =>
  api<GetTicketsResponse>(`/api/waitlist/${encodeURIComponent(entryId)}/accept`, {
    method: 'POST',
    ...(expectedTotalCents !== undefined ? { json: { expectedTotalCents } } : {}),
  });

export function useAcceptWaitlistOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptWaitlistOffer,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
