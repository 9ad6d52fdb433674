// POST /api/payments/orders/:id/abandon: the buyer came back from Checkout without paying; the places go back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentOrder } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { orderUrl } from './get-order.ts';
import { paymentKeys } from './payment-keys.ts';

export function useAbandonOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api<PaymentOrder>(`${orderUrl(orderId)}/abandon`, { method: 'POST' }),
    onSuccess: (order) => queryClient.setQueryData(paymentKeys.order(userId, order.id), order),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.orders(userId) }),
  });
}
