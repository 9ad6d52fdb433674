// GET and PUT /api/clubs/:id/billing: legal name, NIF, IVA and service fee (the club's CEO or an admin).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubBilling } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export type ClubBillingView = ClubBilling & { configured: boolean };
const url = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}/billing`;

export const clubBillingQuery = (clubId: string) =>
  queryOptions({
    queryKey: paymentKeys.billing(clubId),
    queryFn: ({ signal }) => api<ClubBillingView>(url(clubId), { signal }),
  });

export const useClubBilling = (clubId: string) => useQuery(clubBillingQuery(clubId));

export function useSaveClubBilling(clubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClubBilling) => api<ClubBillingView>(url(clubId), { method: 'PUT', json: input }),
    onSuccess: (saved) => queryClient.setQueryData(paymentKeys.billing(clubId), saved),
  });
}
