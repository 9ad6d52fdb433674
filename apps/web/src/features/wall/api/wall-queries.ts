// The wall's reads: what the viewer may do on an event's wall, its snapshots newest first (cursor pages), and
// the moderators' queue. One key factory; mutations and live events update through it.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { SnapshotPage, WallInfo, WallQueueItem } from '@nocturna/shared';
import { WALL_PAGE_SIZE } from '@nocturna/shared/wall-constants';
import { api, withQuery } from '../../../lib/api-client.ts';

// The viewer is part of every key: what a wall shows depends on who looks (their own pending snapshots, blocks).
export const wallKeys = {
  all: ['wall'] as const,
  info: (viewer: string, eventId: string) => ['wall', 'info', viewer, eventId] as const,
  snapshots: (viewer: string, eventId: string) => ['wall', 'snapshots', viewer, eventId] as const,
  queue: (eventId: string) => ['wall', 'queue', eventId] as const,
};

const base = (eventId: string) => `/api/wall/events/${encodeURIComponent(eventId)}`;

export const wallInfoQueryOptions = (viewer: string, eventId: string) =>
  queryOptions({
    queryKey: wallKeys.info(viewer, eventId),
    queryFn: ({ signal }) => api<WallInfo>(base(eventId), { signal }),
  });

export const snapshotsQueryOptions = (viewer: string, eventId: string) =>
  infiniteQueryOptions({
    queryKey: wallKeys.snapshots(viewer, eventId),
    queryFn: ({ pageParam, signal }) =>
      api<SnapshotPage>(
        withQuery(`${base(eventId)}/snapshots`, { cursor: pageParam, limit: WALL_PAGE_SIZE }),
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Private galleries' links are signed for 15 minutes: the pages are fetched again before they run out.
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
  });

// While the key moves from the visitor the server drew for to the signed-in viewer, the page keeps what it shows
// (a composer half filled in stays as it is) until the viewer's own answer arrives.
export const useWallInfo = (viewer: string, eventId: string, enabled = true) =>
  useQuery({ ...wallInfoQueryOptions(viewer, eventId), enabled, placeholderData: keepPreviousData });

export const useSnapshots = (viewer: string, eventId: string, enabled: boolean) =>
  useInfiniteQuery({ ...snapshotsQueryOptions(viewer, eventId), enabled, placeholderData: keepPreviousData });

export const useWallQueue = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: wallKeys.queue(eventId),
    queryFn: ({ signal }) => api<{ items: WallQueueItem[] }>(`${base(eventId)}/queue`, { signal }),
    enabled,
  });
