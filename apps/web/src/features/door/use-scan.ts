// A scan: the server answers while it can be reached; without an answer the pack does.
import { useCallback, useState } from 'react';
import { isNetworkFailure, postScan } from './api/door-calls.ts';
import { markUsedInPack } from './offline/local-verify.ts';
import { NoPackError, type ScanInput, type ScanShown, type ShownAnswer } from './door-station-types.ts';
import type { DoorAforo } from './use-door-aforo.ts';
import type { DoorPackStore } from './use-door-pack.ts';
import { SCAN_TIMEOUT_MS } from './when-reachable.ts';

type ScanParts = {
  packs: DoorPackStore;
  counts: DoorAforo;
  shown: ShownAnswer;
  answerLocally: (input: ScanInput, clientId: string) => Promise<ScanShown | null>;
};

export function useScan(eventId: string, door: string, parts: ScanParts) {
  const { answerLocally } = parts;
  const { packRef, keepPack } = parts.packs;
  const { setAforo } = parts.counts;
  const { setShown } = parts.shown;
  const [busy, setBusy] = useState(false);

  const scan = useCallback(
    async (input: ScanInput) => {
      setBusy(true);
      const clientId = crypto.randomUUID();
      try {
        if (navigator.onLine) {
          try {
            const result = await postScan(
              eventId,
              { ...input, door, clientScanId: clientId },
              AbortSignal.timeout(SCAN_TIMEOUT_MS),
            );
            setAforo(result.aforo);
            if (result.outcome === 'valid' && result.ticket && packRef.current)
              keepPack(markUsedInPack(packRef.current, result.ticket.id, result.scannedAt, door));
            setShown({ result, offline: false, clientId });
            return;
          } catch (error) {
            if (!isNetworkFailure(error)) throw error;
            // No answer: the pack decides, with the same clientId, so a scan the server did record is not counted twice.
          }
        }
        const local = await answerLocally(input, clientId);
        setShown(local);
        if (!local) throw new NoPackError();
      } finally {
        setBusy(false);
      }
    },
    [eventId, door, packRef, keepPack, setAforo, setShown, answerLocally],
  );

  return { scan, busy };
}
