// The three lists the home page shows. The router starts fetching them as soon as the app boots,
// in parallel with the page's code, instead of after it: on a slow phone network that is a whole round trip.
import type { QueryClient } from '@tanstack/react-query';
import { clubsQueryOptions } from '../clubs/api/get-clubs.ts';
import { eventsQueryOptions } from '../events/api/get-events.ts';

export const HOME_ROW = 6;
export const TONIGHT = { when: 'hoy' } as const;
export const WEEKEND = { when: 'finde' } as const;
export const ALL_CLUBS = {};

export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(eventsQueryOptions(TONIGHT, HOME_ROW));
  void queryClient.prefetchInfiniteQuery(eventsQueryOptions(WEEKEND, HOME_ROW));
  void queryClient.prefetchInfiniteQuery(clubsQueryOptions(ALL_CLUBS, HOME_ROW));
}
