// GET /api/payments/orders: my card orders, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentOrderList } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export const myOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: paymentKeys.orders(userId),
    queryFn: ({ signal }) => api<PaymentOrderList>('/api/payments/orders', { signal }),
  });

export const useMyOrders = (userId: string) =>
  useQuery({ ...myOrdersQuery(userId), enabled: Boolean(userId) });
