// POST /api/ticket-types/:id/waitlist: join a sold-out type's line (joining again keeps the place).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

// rpp: the promoter link that brought this browser (a resale bought through it becomes theirs).
export const joinWaitlist = ({ ticketTypeId, rpp }: { ticketTypeId: string; rpp: string | undefined }) =>
  api<WaitlistEntry>(withQuery(`/api/ticket-types/${encodeURIComponent(ticketTypeId)}/waitlist`, { rpp }), {
    method: 'POST',
  });

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
