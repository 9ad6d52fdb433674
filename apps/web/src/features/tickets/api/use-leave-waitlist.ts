// POST /api/waitlist/:id/leave: leave the line, or say no to a place offered (it goes to the next at once).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const leaveWaitlist = (entryId: string) =>
  api<WaitlistEntry>(`/api/waitlist/${encodeURIComponent(entryId)}/leave`, { method: 'POST' });

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
