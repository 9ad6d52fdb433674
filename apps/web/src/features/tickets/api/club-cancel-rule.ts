// GET and PUT /api/clubs/:id/cancel-rule: until when holders may cancel (the club's CEO or an admin).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelRule } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

const url = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}/cancel-rule`;

export const clubCancelRuleQuery = (clubId: string) =>
  queryOptions({
    queryKey: ticketKeys.clubRule(clubId),
    queryFn: ({ signal }) => api<CancelRule>(url(clubId), { signal }),
  });

export const useClubCancelRule = (clubId: string) => useQuery(clubCancelRuleQuery(clubId));

export function useSaveClubCancelRule(clubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: CancelRule) => api<CancelRule>(url(clubId), { method: 'PUT', json: rule }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(ticketKeys.clubRule(clubId), saved);
      // Offers and tickets of this club now show the new rule.
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
