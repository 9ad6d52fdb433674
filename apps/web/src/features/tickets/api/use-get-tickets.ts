// POST /api/tickets with an Idempotency-Key: the key is made once per confirmation, so a retry after a timeout
// (or a double tap) can never make a second ticket.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GetTicketsBody, GetTicketsResponse } from '@nocturna/shared';
import { IDEMPOTENCY_HEADER } from '@nocturna/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const getTickets = (body: GetTicketsBody, idempotencyKey: string) =>
  api<GetTicketsResponse>('/api/tickets', {
    method: 'POST',
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useGetTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: GetTicketsBody; idempotencyKey: string }) =>
      getTickets(body, idempotencyKey),
    // Not awaited: the dialog closes as soon as the server answers; the lists refresh behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
