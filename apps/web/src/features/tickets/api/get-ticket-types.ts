// GET /api/events/:eventId/ticket-types: what an event sells, with what is left; hidden types with ?code=.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventTicketTypes } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const getTicketTypes = (eventId: string, code: string, signal?: AbortSignal) =>
  api<EventTicketTypes>(
    withQuery(`/api/events/${encodeURIComponent(eventId)}/ticket-types`, { code: code || undefined }),
    { signal },
  );

export const ticketTypesQueryOptions = (eventId: string, userId: string, code: string) =>
  queryOptions({
    queryKey: ticketKeys.offers(eventId, userId, code),
    queryFn: ({ signal }) => getTicketTypes(eventId, code, signal),
    // Availability moves fast during a sale.
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useTicketTypes = (eventId: string, userId: string, code: string) =>
  useQuery(ticketTypesQueryOptions(eventId, userId, code));
