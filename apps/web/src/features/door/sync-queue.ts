// The offline queue's order on its way to the server: which movements go in the next sync request, what stays
// once the server answered, and which queued entry a refusal right after its scan replaces.
import type { SyncItemResult, SyncRequest } from '@nocturna/shared';
import { SYNC_BATCH_MAX } from '@nocturna/shared/checkin';
import type { QueuedCheckIn } from './offline/door-store.ts';

// The next request, or null when nothing waits: one door per request (the oldest movement's), that door's
// movements in the order the door did them, at most SYNC_BATCH_MAX.
export function nextSyncBatch(queue: readonly QueuedCheckIn[]): SyncRequest | null {
  if (queue.length === 0) return null;
  const door = queue[0]!.door;
  const batch = queue.filter((q) => q.door === door).slice(0, SYNC_BATCH_MAX);
  return { door, checkIns: batch.map(({ door: _door, ...item }) => item) };
}

// The queue without what the server answered for (recorded, conflict or rejected alike: it has heard of them).
export function withoutSynced(queue: readonly QueuedCheckIn[], results: readonly SyncItemResult[]) {
  const done = new Set(results.map((r) => r.clientId));
  return queue.filter((q) => !done.has(q.clientId));
}

// The entry a scan queued under its clientId (a movement with no action is an entry), if it still waits.
export const queuedEntryOf = (queue: readonly QueuedCheckIn[], clientId: string) =>
  queue.find((q) => q.clientId === clientId && (q.action ?? 'entry') === 'entry');
