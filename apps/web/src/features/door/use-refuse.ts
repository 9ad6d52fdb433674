// "Rechazar" on the answer shown: the server refuses it (undoing the entry this scan recorded); without a
// connection the door refuses it itself and the refusal syncs later. An entry of this scan still waiting in
// the queue never reaches the server: the refusal takes its place.
import { useCallback } from 'react';
import type { DoorTicket, RefusalReason } from '@nocturna/shared';
import { postRefusal } from './api/door-calls.ts';
import { markRefusedInPack } from './offline/local-verify.ts';
import type { AnswerParts } from './door-answer-parts.ts';
import type { ScanShown } from './door-station-types.ts';
import { refusedOfflineShown, refusedShown } from './station-results.ts';
import { queuedEntryOf } from './sync-queue.ts';
import { whenReachable } from './when-reachable.ts';

type Refusal = { clientId: string; reason: RefusalReason; note?: string; entryNamed: boolean };

export function useRefuse(eventId: string, door: string, parts: AnswerParts) {
  const { syncingRef, setRefusing } = parts;
  const { packRef, keepPack } = parts.packs;
  const { queueRef, keepQueue } = parts.offline;
  const { setAforo } = parts.counts;
  const { shownRef, setShown } = parts.shown;
  const refuseLocally = useRefuseLocally(door, parts);

  return useCallback(
    async (reason: RefusalReason, note?: string) => {
      const current = shownRef.current;
      const ticket = current?.result.ticket;
      if (!current || !ticket) return;
      setRefusing(true);
      const clientId = crypto.randomUUID();
      try {
        // Not while a sync runs: that entry may already be on its way to the server, so the refusal names it.
        const pending =
          current.clientId && !syncingRef.current
            ? queuedEntryOf(queueRef.current, current.clientId)
            : undefined;
        if (pending) keepQueue(queueRef.current.filter((q) => q !== pending));
        const entryNamed = current.result.outcome === 'valid' && !pending;
        const res = await whenReachable((signal) =>
          postRefusal(
            eventId,
            {
              ticketId: ticket.id,
              door,
              reason,
              ...(note ? { note } : {}),
              ...(entryNamed && current.result.entryId ? { entryId: current.result.entryId } : {}),
              clientId,
            },
            signal,
          ),
        );
        if (res) {
          setAforo(res.aforo);
          if (packRef.current) keepPack(markRefusedInPack(packRef.current, ticket.id));
          setShown(refusedShown(current, res));
          return;
        }
        refuseLocally(current, ticket, { clientId, reason, note, entryNamed });
      } finally {
        setRefusing(false);
      }
    },
    [
      eventId,
      door,
      syncingRef,
      setRefusing,
      packRef,
      keepPack,
      queueRef,
      keepQueue,
      setAforo,
      shownRef,
      setShown,
      refuseLocally,
    ],
  );
}

// The door refuses it itself: queued to sync (naming the entry it undoes when that entry is not in the queue any
// more), taken out of the aforo when this scan had let the person in, shown with the refund still undecided.
function useRefuseLocally(door: string, parts: AnswerParts) {
  const { queueLocally } = parts.offline;
  const { aforoRef, countLocally } = parts.counts;
  const { setShown } = parts.shown;

  return useCallback(
    (current: ScanShown, ticket: DoorTicket, { clientId, reason, note, entryNamed }: Refusal) => {
      queueLocally({
        clientId,
        ticketId: ticket.id,
        token: null,
        scannedAt: new Date().toISOString(),
        door,
        action: 'refusal',
        refusal: {
          reason,
          ...(note ? { note } : {}),
          ...(entryNamed && current.clientId ? { entryClientId: current.clientId } : {}),
        },
      });
      const counted =
        current.result.outcome === 'valid'
          ? countLocally(-1, -1)
          : (aforoRef.current ?? current.result.aforo);
      setShown(refusedOfflineShown(current, ticket, reason, counted));
    },
    [door, queueLocally, aforoRef, countLocally, setShown],
  );
}
