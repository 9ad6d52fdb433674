// GET /api/events/:id/orders-summary: the event's card orders by status, for its club.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventOrdersSummary } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export const eventOrdersQuery = (eventId: string) =>
  queryOptions({
    queryKey: paymentKeys.eventOrders(eventId),
    queryFn: ({ signal }) =>
      api<EventOrdersSummary>(`/api/events/${encodeURIComponent(eventId)}/orders-summary`, { signal }),
  });

export const useEventOrders = (eventId: string) => useQuery(eventOrdersQuery(eventId));
