// What this door did without the server (entries, exits, re-entries, refusals) and the server has not heard of
// yet: in state for the page's count, in a ref for the async paths, and in IndexedDB until it syncs.
import { useCallback, useRef, useState } from 'react';
import { saveQueue, type QueuedCheckIn } from './offline/door-store.ts';
import { applyQueued } from './offline/local-verify.ts';
import type { DoorPackStore } from './use-door-pack.ts';

export function useOfflineQueue(userId: string, eventId: string, packs: DoorPackStore) {
  const { packRef, keepPack } = packs;
  const [queue, setQueue] = useState<QueuedCheckIn[]>([]);
  const queueRef = useRef<QueuedCheckIn[]>([]);

  const keepQueue = useCallback(
    (next: QueuedCheckIn[]) => {
      queueRef.current = next;
      setQueue(next);
      void saveQueue(userId, eventId, next);
    },
    [userId, eventId],
  );
  // The queue the phone already had: in use at once, and already stored.
  const adoptQueue = useCallback((stored: QueuedCheckIn[]) => {
    queueRef.current = stored;
    setQueue(stored);
  }, []);
  // What this door just did without the server: into the queue (to sync) and into the pack (so the next scan
  // of the same ticket answers right).
  const queueLocally = useCallback(
    (item: QueuedCheckIn) => {
      if (packRef.current) keepPack(applyQueued(packRef.current, item));
      keepQueue([...queueRef.current, item]);
    },
    [packRef, keepPack, keepQueue],
  );

  return { queue, queueRef, keepQueue, adoptQueue, queueLocally };
}

export type OfflineQueue = ReturnType<typeof useOfflineQueue>;
