// What the phone already has (pack and queue from IndexedDB), then, with a connection, the queue synced and
// the server's fresh pack; without one and with no pack stored, the page says the pack is missing.
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { Aforo } from '@nocturna/shared';
import { loadPack, loadQueue, prunePacks } from './offline/door-store.ts';
import type { DoorPackStore } from './use-door-pack.ts';
import type { OfflineQueue } from './use-offline-queue.ts';

type StationStart = {
  packs: DoorPackStore;
  offline: OfflineQueue;
  setAforo: Dispatch<SetStateAction<Aforo | null>>;
  sync: () => Promise<void>;
  refreshPack: () => Promise<void>;
};

export function useStationStart(userId: string, eventId: string, start: StationStart) {
  const { sync, refreshPack, setAforo } = start;
  const { adoptPack, setPackState } = start.packs;
  const { adoptQueue } = start.offline;

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await prunePacks(userId).catch(() => undefined);
      const [stored, storedQueue] = await Promise.all([
        loadPack(userId, eventId),
        loadQueue(userId, eventId),
      ]);
      if (cancelled) return;
      adoptQueue(storedQueue);
      if (stored) {
        adoptPack(stored);
        setAforo(stored.aforo);
      }
      if (navigator.onLine) {
        await sync();
        await refreshPack();
      } else if (!stored) setPackState('missing');
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, eventId, sync, refreshPack, adoptPack, adoptQueue, setAforo, setPackState]);
}
