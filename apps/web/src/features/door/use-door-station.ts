// One door at one event: scans go to the server while there is a connection and are answered from the
// preloaded pack when there is not; what the door did offline (entries, exits, re-entries, refusals) waits in
// a queue (IndexedDB) and syncs as soon as the connection returns. Aforo, other doors' entries and movements,
// and conflicts arrive live over the tab's socket.
//
// The pieces live in their own hooks; this one composes them. Their effects run in the order they are called
// here: the start (stored pack and queue, then the server's), the pack's key, back online, the socket.
import { useRef, useState } from 'react';
import type { CheckInConflict } from '@nocturna/shared';
import type { ScanShown } from './door-station-types.ts';
import { useBackOnline } from './use-back-online.ts';
import { useDoorAforo } from './use-door-aforo.ts';
import { useDoorPack } from './use-door-pack.ts';
import { useDoorSocket } from './use-door-socket.ts';
import { useExit } from './use-exit.ts';
import { useLocalAnswer } from './use-local-answer.ts';
import { useOfflineQueue } from './use-offline-queue.ts';
import { useOnline } from './use-online.ts';
import { usePackKey } from './use-pack-key.ts';
import { usePackRefresh } from './use-pack-refresh.ts';
import { useQueueSync } from './use-queue-sync.ts';
import { useRefuse } from './use-refuse.ts';
import { useScan } from './use-scan.ts';
import { useStationStart } from './use-station-start.ts';

export { NoPackError, type PackState, type ScanShown } from './door-station-types.ts';

export function useDoorStation(userId: string, eventId: string, door: string) {
  const online = useOnline();
  const packs = useDoorPack(userId, eventId);
  const counts = useDoorAforo(packs.packRef);
  const [liveConflicts, setLiveConflicts] = useState<CheckInConflict[]>([]);
  const [shown, setShown] = useState<ScanShown | null>(null);
  // The answer as last rendered, for "Rechazar" and "Sale a fumar" (written during render, as the aforo's).
  const shownRef = useRef<ScanShown | null>(null);
  // eslint-disable-next-line react-hooks/refs -- the rendered answer, mirrored for the async actions on it
  shownRef.current = shown;
  // Set while "Rechazar" or "Sale a fumar" waits for its answer.
  const [refusing, setRefusing] = useState(false);

  const { setAforo } = counts;
  const offline = useOfflineQueue(userId, eventId, packs);
  const { sync, syncing, syncError, syncingRef } = useQueueSync(eventId, offline, setAforo, setLiveConflicts);
  const { refusal, refreshPack } = usePackRefresh(eventId, packs, offline.queueRef, setAforo);
  useStationStart(userId, eventId, { packs, offline, setAforo, sync, refreshPack });
  const keyRef = usePackKey(packs.pack);
  useBackOnline(online, sync, refreshPack);
  useDoorSocket(eventId, { packs, setAforo, setLiveConflicts, sync, refreshPack });

  const answer = { shownRef, setShown };
  const answerLocally = useLocalAnswer(door, { packs, counts, offline, keyRef });
  const { scan, busy } = useScan(eventId, door, { packs, counts, shown: answer, answerLocally });
  const parts = { packs, offline, counts, shown: answer, syncingRef, setRefusing };
  const refuse = useRefuse(eventId, door, parts);
  const exit = useExit(eventId, door, parts);

  return {
    online,
    exit,
    refusing,
    refuse,
    refusal,
    pack: packs.pack,
    packState: packs.packState,
    queue: offline.queue,
    aforo: counts.aforo,
    liveConflicts,
    shown,
    busy,
    syncing,
    syncError,
    scan,
    dismiss: () => setShown(null),
    sync,
    refreshPack,
  };
}
