// The event's pack on this phone: in state for the page, in a ref for the async paths (so a scan always works
// on the latest pack), and in IndexedDB for when there is no signal.
import { useCallback, useRef, useState } from 'react';
import type { DoorPack } from '@nocturna/shared';
import { savePack } from './offline/door-store.ts';
import type { PackState } from './door-station-types.ts';

export function useDoorPack(userId: string, eventId: string) {
  const [pack, setPack] = useState<DoorPack | null>(null);
  const [packState, setPackState] = useState<PackState>('loading');
  const packRef = useRef<DoorPack | null>(null);

  const keepPack = useCallback(
    (next: DoorPack) => {
      packRef.current = next;
      setPack(next);
      setPackState('ready');
      void savePack(userId, eventId, next);
    },
    [userId, eventId],
  );
  // The pack the phone already had: in use at once, and already stored.
  const adoptPack = useCallback((stored: DoorPack) => {
    packRef.current = stored;
    setPack(stored);
    setPackState('ready');
  }, []);

  return { pack, packState, setPackState, packRef, keepPack, adoptPack };
}

export type DoorPackStore = ReturnType<typeof useDoorPack>;
