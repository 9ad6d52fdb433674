// The wall's writes: posting (two photos and a caption, multipart), reactions, reports, takedown requests,
// deleting one's own snapshot, and a moderator's decision. Each updates the cached wall through wallKeys.
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ReactionCounts, Snapshot, SnapshotPage, WallReaction } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { wallKeys } from './wall-queries.ts';

type Pages = InfiniteData<SnapshotPage, string | undefined>;

// Applies a change to every cached copy of the wall (one per viewer key) that holds the snapshot.
export function updateWallCache(client: QueryClient, change: (items: Snapshot[]) => Snapshot[]): void {
  client.setQueriesData<Pages>({ queryKey: ['wall', 'snapshots'] }, (data) => {
    if (!data) return data;
    return { ...data, pages: data.pages.map((p) => ({ ...p, items: change(p.items) })) };
  });
}

export function prependSnapshots(
  client: QueryClient,
  viewer: string,
  eventId: string,
  snapshots: Snapshot[],
) {
  client.setQueryData<Pages>(wallKeys.snapshots(viewer, eventId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = new Set(data.pages.flatMap((p) => p.items.map((s) => s.id)));
    const fresh = snapshots.filter((s) => !known.has(s.id));
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [...fresh, ...first!.items] }, ...rest] };
  });
}

export const removeSnapshot = (client: QueryClient, snapshotId: string) =>
  updateWallCache(client, (items) => items.filter((s) => s.id !== snapshotId));

export const replaceSnapshot = (client: QueryClient, snapshot: Snapshot) =>
  updateWallCache(client, (items) =>
    items.map((s) => (s.id === snapshot.id ? { ...snapshot, mine: s.mine } : s)),
  );

export const setReactionCounts = (
  client: QueryClient,
  snapshotId: string,
  reactions: ReactionCounts,
  mine?: WallReaction[],
) =>
  updateWallCache(client, (items) =>
    items.map((s) => (s.id === snapshotId ? { ...s, reactions, mine: mine ?? s.mine } : s)),
  );

export type PostInput = { front: Blob; back: Blob; caption: string };

export function usePostSnapshot(viewer: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ front, back, caption }: PostInput) => {
      const form = new FormData();
      form.append('front', front, 'front.jpg');
      form.append('back', back, 'back.jpg');
      if (caption.trim()) form.append('caption', caption.trim());
      return api<Snapshot>(`/api/wall/events/${encodeURIComponent(eventId)}/snapshots`, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: (snapshot) => {
      prependSnapshots(client, viewer, eventId, [snapshot]);
      void client.invalidateQueries({ queryKey: wallKeys.info(viewer, eventId) });
    },
  });
}

const snapshotPath = (id: string) => `/api/wall/snapshots/${encodeURIComponent(id)}`;

export function useReact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ snapshotId, reaction, on }: { snapshotId: string; reaction: WallReaction; on: boolean }) =>
      api<{ reactions: ReactionCounts; mine: WallReaction[] }>(
        `${snapshotPath(snapshotId)}/reactions/${reaction}`,
        {
          method: on ? 'PUT' : 'DELETE',
        },
      ).then((answer) => ({ snapshotId, ...answer })),
    onSuccess: ({ snapshotId, reactions, mine }) => setReactionCounts(client, snapshotId, reactions, mine),
  });
}

export function useReport() {
  return useMutation({
    mutationFn: ({ snapshotId, reason }: { snapshotId: string; reason: string }) =>
      api<{ hidden: boolean }>(`${snapshotPath(snapshotId)}/reports`, { method: 'POST', json: { reason } }),
  });
}

export function useTakedown() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ snapshotId, note }: { snapshotId: string; note: string }) =>
      api<{ hidden: boolean }>(`${snapshotPath(snapshotId)}/takedown`, {
        method: 'POST',
        json: note.trim() ? { note: note.trim() } : {},
      }).then(() => snapshotId),
    onSuccess: (snapshotId) => removeSnapshot(client, snapshotId),
  });
}

export function useDeleteSnapshot(viewer: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (snapshotId: string) =>
      api<void>(snapshotPath(snapshotId), { method: 'DELETE' }).then(() => snapshotId),
    onSuccess: (snapshotId) => {
      removeSnapshot(client, snapshotId);
      void client.invalidateQueries({ queryKey: wallKeys.info(viewer, eventId) });
    },
  });
}

export function useDecide(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ snapshotId, decision }: { snapshotId: string; decision: 'approve' | 'reject' }) =>
      api<{ status: string }>(`${snapshotPath(snapshotId)}/decision`, { method: 'POST', json: { decision } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: wallKeys.queue(eventId) });
      void client.invalidateQueries({ queryKey: ['wall', 'snapshots'] });
    },
  });
}
