// GET /api/events/:eventId/waitlist: my place in the lines of an event's sold-out types, and any place offered.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyWaitlistEntries } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const getMyWaitlist = (eventId: string, signal?: AbortSignal) =>
  api<MyWaitlistEntries>(`/api/events/${encodeURIComponent(eventId)}/waitlist`, { signal });

export const myWaitlistQueryOptions = (eventId: string, userId: string) =>
  queryOptions({
    queryKey: ticketKeys.waitlist(userId, eventId),
    queryFn: ({ signal }) => getMyWaitlist(eventId, signal),
    // A place in line moves and an offer arrives while the page is open: looked at again every 20 s.
    refetchInterval: 20_000,
  });

export const useMyWaitlist = (eventId: string, userId: string | null) =>
  useQuery({ ...myWaitlistQueryOptions(eventId, userId ?? ''), enabled: Boolean(userId) });
