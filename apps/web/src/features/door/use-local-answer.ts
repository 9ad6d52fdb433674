// A scan answered from the pack when the server gives no answer: the verdict the server would give and, for
// an entry or a re-entry, the movement queued to sync and counted in this door's aforo.
import { useCallback, type RefObject } from 'react';
import { importTicketPublicKey } from '@nocturna/shared/ticket-token';
import { judgeLocally, localResult } from './offline/local-verify.ts';
import type { ScanInput, ScanShown } from './door-station-types.ts';
import { admittedOffline } from './station-results.ts';
import type { DoorAforo } from './use-door-aforo.ts';
import type { DoorPackStore } from './use-door-pack.ts';
import type { OfflineQueue } from './use-offline-queue.ts';
import type { PackKey } from './use-pack-key.ts';

type LocalAnswer = {
  packs: DoorPackStore;
  counts: DoorAforo;
  offline: OfflineQueue;
  keyRef: RefObject<PackKey | null>;
};

export function useLocalAnswer(door: string, parts: LocalAnswer) {
  const { keyRef } = parts;
  const { packRef } = parts.packs;
  const { aforoRef, countLocally } = parts.counts;
  const { queueLocally } = parts.offline;

  // null: no pack on this phone (or its key does not import), so nothing to answer from.
  return useCallback(
    async (input: ScanInput, clientId: string): Promise<ScanShown | null> => {
      const current = packRef.current;
      const key = keyRef.current?.key ?? (current ? await importTicketPublicKey(current.publicKey) : null);
      if (!current || !key) return null;
      const now = new Date();
      const scannedAt = now.toISOString();
      const verdict = await judgeLocally(current, key, input, now);
      const base = aforoRef.current ?? current.aforo;
      if ((verdict.outcome !== 'valid' && verdict.outcome !== 'reentry') || !verdict.ticket)
        return { result: localResult(current, verdict, scannedAt, base.entries), offline: true };
      // Let in, or back in after a smoke.
      const action = verdict.outcome === 'valid' ? 'entry' : 'reentry';
      const ticketId = verdict.ticket.id;
      queueLocally({ clientId, ticketId, token: input.token ?? null, scannedAt, door, action });
      const counted = countLocally(action === 'entry' ? 1 : 0, 1) ?? base;
      // The pack now holds the movement just queued: the answer shows the ticket as it is after it.
      return admittedOffline(
        packRef.current ?? current,
        { outcome: verdict.outcome, ticketId, scannedAt, clientId },
        counted,
      );
    },
    [door, packRef, keyRef, aforoRef, queueLocally, countLocally],
  );
}
