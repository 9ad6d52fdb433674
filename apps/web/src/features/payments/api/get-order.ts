// GET /api/payments/orders/:id, kept live: the server pushes the order on every change (socket), so the return
// page turns from "pending" to "confirmed" by itself; a reload reads it again.
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@nocturna/shared/socket-events';
import type { PaymentOrder } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { onSocketConnect, onSocketEvent } from '../../../lib/socket.ts';
import { paymentKeys } from './payment-keys.ts';

export const orderUrl = (orderId: string) => `/api/payments/orders/${encodeURIComponent(orderId)}`;
export const receiptUrl = (orderId: string) => `${orderUrl(orderId)}/receipt.pdf`;

export const orderQuery = (userId: string, orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.order(userId, orderId),
    queryFn: ({ signal }) => api<PaymentOrder>(orderUrl(orderId), { signal }),
  });

export function useLiveOrder(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...orderQuery(userId, orderId),
    enabled: Boolean(userId),
    // While it waits for the payment, also ask now and then: a socket that was down misses the push.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 5000 : false),
  });
  useEffect(() => {
    const offs = [
      onSocketEvent(SOCKET_EVENTS.paymentOrderUpdated, (payload) => {
        const order = payload as PaymentOrder;
        if (order.id !== orderId) return;
        queryClient.setQueryData(paymentKeys.order(userId, orderId), order);
        void queryClient.invalidateQueries({ queryKey: paymentKeys.orders(userId) });
        void queryClient.invalidateQueries({ queryKey: ['tickets'] });
      }),
      // A push sent before the socket (re)connected was not heard: the order is read again then.
      onSocketConnect(
        () => void queryClient.invalidateQueries({ queryKey: paymentKeys.order(userId, orderId) }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [orderId, queryClient, userId]);
  return query;
}
