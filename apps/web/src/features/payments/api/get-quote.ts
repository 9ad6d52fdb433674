// GET /api/payments/quote: price, service fee and total of N tickets, before paying (the total charged).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentQuote } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export const quoteQuery = (ticketTypeId: string, quantity: number) =>
  queryOptions({
    queryKey: paymentKeys.quote(ticketTypeId, quantity),
    queryFn: ({ signal }) =>
      api<PaymentQuote>(withQuery('/api/payments/quote', { ticketTypeId, quantity }), { signal }),
  });

export const useQuote = (ticketTypeId: string, quantity: number, enabled: boolean) =>
  useQuery({ ...quoteQuery(ticketTypeId, quantity), enabled, placeholderData: keepPreviousData });
