// GET /api/payments/config: whether this server takes cards (Stripe configured).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => api<PaymentsConfig>('/api/payments/config', { signal }),
    staleTime: 5 * 60_000,
  });

export const usePaymentsConfig = () => useQuery(paymentsConfigQuery());
