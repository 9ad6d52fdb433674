// GET /api/events/:eventId/waitlist: my place in the lines of an event's sold-out types, and any place offered.
// An offer arrives live: its notification comes over the tab's socket and the list is read again at once, and again
// whenever the socket (re)connects, since an offer made while it was down reached nobody in this tab. The
// notification's schema (zod) loads when one arrives: the event page is public, and its first load carries no zod.
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyWaitlistEntries } from '@nocturna/shared';
import { SOCKET_EVENTS } from '@nocturna/shared/socket-events';
import { api } from '../../../lib/api-client.ts';
import { onSocketConnect, onSocketEvent } from '../../../lib/socket.ts';
import { ticketKeys } from './ticket-keys.ts';

export const getMyWaitlist = (eventId: string, signal?: AbortSignal) =>
  api<MyWaitlistEntries>(`/api/events/${encodeURIComponent(eventId)}/waitlist`, { signal });

export const myWaitlistQueryOptions = (eventId: string, userId: string) =>
  queryOptions({
    queryKey: ticketKeys.waitlist(userId, eventId),
    queryFn: ({ signal }) => getMyWaitlist(eventId, signal),
    // A place in line moves as others leave it, which nobody is told about: looked at again every minute.
    refetchInterval: 60_000,
  });

export function useMyWaitlist(eventId: string, userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const readAgain = () => queryClient.invalidateQueries({ queryKey: ticketKeys.waitlist(userId, eventId) });
    const stops = [
      onSocketEvent(SOCKET_EVENTS.notificationNew, (payload) => {
        void import('@nocturna/shared/notifications').then(({ notificationSchema }) => {
          const parsed = notificationSchema.safeParse(payload);
          if (parsed.success && parsed.data.type === 'waitlist_offer' && parsed.data.refs.eventId === eventId)
            return readAgain();
        });
      }),
      // An offer made while the tab had no socket (not yet connected after the page opened, or between a drop and
      // the reconnect) sent its notification to nobody here: each (re)connection reads the list again.
      onSocketConnect(() => void readAgain()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, eventId, userId]);
  return useQuery({ ...myWaitlistQueryOptions(eventId, userId ?? ''), enabled: Boolean(userId) });
}
