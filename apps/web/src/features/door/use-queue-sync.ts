// The offline queue on its way to the server, one door's batch at a time, until nothing waits. One sync at a
// time: a second call while one runs does nothing (that one goes on until the queue is empty).
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Aforo, CheckInConflict } from '@nocturna/shared';
import { isNetworkFailure, postSync } from './api/door-calls.ts';
import { nextSyncBatch, withoutSynced } from './sync-queue.ts';
import type { OfflineQueue } from './use-offline-queue.ts';

export function useQueueSync(
  eventId: string,
  offline: OfflineQueue,
  setAforo: Dispatch<SetStateAction<Aforo | null>>,
  setLiveConflicts: Dispatch<SetStateAction<CheckInConflict[]>>,
) {
  const { queueRef, keepQueue } = offline;
  const [syncing, setSyncing] = useState(false);
  const [syncError, setSyncError] = useState(false);
  const syncingRef = useRef(false);

  const sync = useCallback(async () => {
    if (syncingRef.current || queueRef.current.length === 0) return;
    syncingRef.current = true;
    setSyncing(true);
    try {
      for (let batch = nextSyncBatch(queueRef.current); batch; batch = nextSyncBatch(queueRef.current)) {
        const result = await postSync(eventId, batch);
        keepQueue(withoutSynced(queueRef.current, result.results));
        setAforo(result.aforo);
        setLiveConflicts(result.conflicts);
      }
      setSyncError(false);
    } catch (error) {
      // Still no way through: the queue stays and the next reconnect tries again.
      setSyncError(!isNetworkFailure(error));
    } finally {
      syncingRef.current = false;
      setSyncing(false);
    }
  }, [eventId, queueRef, keepQueue, setAforo, setLiveConflicts]);

  return { sync, syncing, syncError, syncingRef };
}
