// GET /api/waitlist/:entryId/quote: what taking a place the waitlist offers costs — its price (a resale's never
// above face value), the club's fee and the total — before paying (the total Checkout charges).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentQuote } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export const offerQuoteQuery = (entryId: string) =>
  queryOptions({
    queryKey: paymentKeys.offerQuote(entryId),
    queryFn: ({ signal }) =>
      api<PaymentQuote>(`/api/waitlist/${encodeURIComponent(entryId)}/quote`, { signal }),
  });

export const useOfferQuote = (entryId: string, enabled: boolean) =>
  useQuery({ ...offerQuoteQuery(entryId), enabled });
