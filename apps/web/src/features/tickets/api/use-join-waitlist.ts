// POST /api/ticket-types/:id/waitlist: join a sold-out type's line (joining again keeps the place).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const joinWaitlist = (ticketTypeId: string) =>
  api<WaitlistEntry>(`/api/ticket-types/${encodeURIComponent(ticketTypeId)}/waitlist`, { method: 'POST' });

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
