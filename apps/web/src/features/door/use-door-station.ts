// One door at one event: scans go to the server while there is a connection and are answered from the
// preloaded pack when there is not; entries let in offline wait in a queue (IndexedDB) and sync as soon as
// the connection returns. Aforo, other doors' entries and conflicts arrive live over the tab's socket.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Aforo, CheckInConflict, DoorPack, RefusalReason, ScanResult } from '@nocturna/shared';
import {
  DOOR_SOCKET_EVENTS,
  SYNC_BATCH_MAX,
  aforoSchema,
  checkInConflictSchema,
  doorCheckedInSchema,
} from '@nocturna/shared/checkin';
import { importTicketPublicKey } from '@nocturna/shared/ticket-token';
import { ApiRequestError } from '../../lib/api-client.ts';
import { emitSocketEvent, onSocketConnect, onSocketEvent } from '../../lib/socket.ts';
import { getPack, isNetworkFailure, postExit, postRefusal, postScan, postSync } from './api/door-calls.ts';
import { judgeLocally, localResult, markRefusedInPack, markUsedInPack } from './offline/local-verify.ts';
import {
  loadPack,
  loadQueue,
  prunePacks,
  savePack,
  saveQueue,
  type QueuedCheckIn,
} from './offline/door-store.ts';
import { useOnline } from './use-online.ts';

export type ScanShown = {
  result: ScanResult;
  offline: boolean;
  // After "Rechazar": why, and whether the club refunds it.
  refusal?: { reason: RefusalReason; refunded: boolean };
  // After "Sale a fumar".
  exited?: boolean;
};
export type PackState = 'loading' | 'ready' | 'missing';

const SCAN_TIMEOUT_MS = 4000;

export function useDoorStation(userId: string, eventId: string, door: string) {
  const online = useOnline();
  const [pack, setPack] = useState<DoorPack | null>(null);
  const [packState, setPackState] = useState<PackState>('loading');
  const [queue, setQueue] = useState<QueuedCheckIn[]>([]);
  const [aforo, setAforo] = useState<Aforo | null>(null);
  const [liveConflicts, setLiveConflicts] = useState<CheckInConflict[]>([]);
  const [shown, setShown] = useState<ScanShown | null>(null);
  const shownRef = useRef<ScanShown | null>(null);
  shownRef.current = shown;
  const [busy, setBusy] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [syncError, setSyncError] = useState(false);
  // The server refused the pack (NOT_DOOR_STAFF, EVENT_NOT_FOUND): the page says so instead of a door.
  const [refusal, setRefusal] = useState<string | null>(null);

  // Refs for the async paths, so a scan always works on the latest pack and queue.
  const packRef = useRef<DoorPack | null>(null);
  const queueRef = useRef<QueuedCheckIn[]>([]);
  const keyRef = useRef<{ raw: string; key: CryptoKey } | null>(null);
  const syncingRef = useRef(false);
  const aforoRef = useRef<Aforo | null>(null);
  aforoRef.current = aforo;
  const wasOnline = useRef(online);

  const keepPack = useCallback(
    (next: DoorPack) => {
      packRef.current = next;
      setPack(next);
      setPackState('ready');
      void savePack(userId, eventId, next);
    },
    [userId, eventId],
  );
  const keepQueue = useCallback(
    (next: QueuedCheckIn[]) => {
      queueRef.current = next;
      setQueue(next);
      void saveQueue(userId, eventId, next);
    },
    [userId, eventId],
  );

  const refreshPack = useCallback(async () => {
    try {
      const fresh = await getPack(eventId);
      // Entries queued here and not synced yet stay used in the new pack.
      let next = fresh;
      for (const q of queueRef.current) next = markUsedInPack(next, q.ticketId, q.scannedAt, q.door);
      keepPack(next);
      setRefusal(null);
      setAforo((current) => (current && current.entries > fresh.aforo.entries ? current : fresh.aforo));
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404))
        setRefusal(error.code);
      if (!packRef.current) setPackState('missing');
    }
  }, [eventId, keepPack]);

  const sync = useCallback(async () => {
    if (syncingRef.current || queueRef.current.length === 0) return;
    syncingRef.current = true;
    setSyncing(true);
    try {
      for (;;) {
        const pending = queueRef.current;
        if (pending.length === 0) break;
        const batchDoor = pending[0]!.door;
        const batch = pending.filter((q) => q.door === batchDoor).slice(0, SYNC_BATCH_MAX);
        const result = await postSync(eventId, {
          door: batchDoor,
          checkIns: batch.map(({ door: _door, ...item }) => item),
        });
        const done = new Set(result.results.map((r) => r.clientId));
        keepQueue(queueRef.current.filter((q) => !done.has(q.clientId)));
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
  }, [eventId, keepQueue]);

  // What the phone already has, then the server's fresh copy.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await prunePacks(userId).catch(() => undefined);
      const [stored, storedQueue] = await Promise.all([
        loadPack(userId, eventId),
        loadQueue(userId, eventId),
      ]);
      if (cancelled) return;
      queueRef.current = storedQueue;
      setQueue(storedQueue);
      if (stored) {
        packRef.current = stored;
        setPack(stored);
        setPackState('ready');
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
  }, [userId, eventId, sync, refreshPack]);

  // The public key, imported once per pack key.
  useEffect(() => {
    if (!pack || keyRef.current?.raw === pack.publicKey) return;
    const raw = pack.publicKey;
    importTicketPublicKey(raw).then(
      (key) => (keyRef.current = { raw, key }),
      () => (keyRef.current = null),
    );
  }, [pack]);

  // Back online: send what waited, then take a fresh pack.
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack) void sync().then(refreshPack);
  }, [online, sync, refreshPack]);

  // Live from every door of the event.
  useEffect(() => {
    const watch = () => emitSocketEvent(DOOR_SOCKET_EVENTS.watch, eventId);
    watch();
    const subscriptions = [
      onSocketConnect(() => {
        watch();
        void sync();
      }),
      onSocketEvent(DOOR_SOCKET_EVENTS.aforo, (payload) => {
        const parsed = aforoSchema.safeParse(payload);
        if (parsed.success && parsed.data.eventId === eventId) setAforo(parsed.data);
      }),
      onSocketEvent(DOOR_SOCKET_EVENTS.checkedIn, (payload) => {
        const parsed = doorCheckedInSchema.safeParse(payload);
        const current = packRef.current;
        if (parsed.success && parsed.data.eventId === eventId && current)
          keepPack(markUsedInPack(current, parsed.data.ticketId, parsed.data.usedAt, parsed.data.door));
      }),
      onSocketEvent(DOOR_SOCKET_EVENTS.conflict, (payload) => {
        const parsed = checkInConflictSchema.safeParse(payload);
        if (parsed.success && parsed.data.eventId === eventId)
          setLiveConflicts((list) => [parsed.data, ...list.filter((c) => c.id !== parsed.data.id)]);
      }),
    ];
    return () => {
      subscriptions.forEach((unsubscribe) => unsubscribe());
      emitSocketEvent(DOOR_SOCKET_EVENTS.unwatch, eventId);
    };
  }, [eventId, keepPack, sync]);

  const answerLocally = useCallback(
    async (input: { token?: string; ticketId?: string }, clientId: string): Promise<ScanShown | null> => {
      const current = packRef.current;
      const key = keyRef.current?.key ?? (current ? await importTicketPublicKey(current.publicKey) : null);
      if (!current || !key) return null;
      const now = new Date();
      const scannedAt = now.toISOString();
      const verdict = await judgeLocally(current, key, input, now);
      const baseEntries = Math.max(aforoRef.current?.entries ?? 0, current.aforo.entries);
      if (verdict.outcome !== 'valid' || !verdict.ticket)
        return { result: localResult(current, verdict, scannedAt, baseEntries), offline: true };
      const next = markUsedInPack(current, verdict.ticket.id, scannedAt, door);
      keepPack(next);
      keepQueue([
        ...queueRef.current,
        { clientId, ticketId: verdict.ticket.id, token: input.token ?? null, scannedAt, door },
      ]);
      const entries = baseEntries + 1;
      setAforo({ ...current.aforo, entries });
      const admitted = next.tickets.find((t) => t.id === verdict.ticket!.id)!;
      return {
        result: localResult(next, { outcome: 'valid', ticket: admitted }, scannedAt, entries),
        offline: true,
      };
    },
    [door, keepPack, keepQueue],
  );

  const scan = useCallback(
    async (input: { token?: string; ticketId?: string }) => {
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
            setShown({ result, offline: false });
            return;
          } catch (error) {
            if (!isNetworkFailure(error)) throw error;
            // No answer: the pack decides, with the same clientId, so a scan the server did record is not counted twice.
          }
        }
        const local = await answerLocally(input, clientId);
        if (local) setShown(local);
        else setShown(null);
        if (!local) throw new Error('NO_PACK');
      } finally {
        setBusy(false);
      }
    },
    [eventId, door, keepPack, answerLocally],
  );

  // "Rechazar" on the answer shown: online, the server refuses it (and undoes the entry this scan recorded).
  const [refusing, setRefusing] = useState(false);
  const refuse = useCallback(
    async (reason: RefusalReason, note?: string) => {
      const current = shownRef.current;
      const ticket = current?.result.ticket;
      if (!current || !ticket) return;
      setRefusing(true);
      try {
        const res = await postRefusal(eventId, {
          ticketId: ticket.id,
          door,
          reason,
          ...(note ? { note } : {}),
          ...(current.result.entryId ? { entryId: current.result.entryId } : {}),
          clientId: crypto.randomUUID(),
        });
        setAforo(res.aforo);
        if (packRef.current) keepPack(markRefusedInPack(packRef.current, ticket.id));
        setShown({
          result: { ...current.result, outcome: 'refused', ticket: res.ticket, aforo: res.aforo },
          offline: false,
          refusal: { reason: res.reason, refunded: res.refunded },
        });
      } finally {
        setRefusing(false);
      }
    },
    [eventId, door, keepPack],
  );

  // "Sale a fumar" on a ticket already inside (a YA USADA answer): online only for now.
  const exit = useCallback(async () => {
    const current = shownRef.current;
    const ticket = current?.result.ticket;
    if (!current || !ticket) return;
    setRefusing(true);
    try {
      const res = await postExit(eventId, { ticketId: ticket.id, door, clientId: crypto.randomUUID() });
      setAforo(res.aforo);
      setShown({
        ...current,
        result: { ...current.result, ticket: res.ticket, aforo: res.aforo },
        exited: true,
      });
    } finally {
      setRefusing(false);
    }
  }, [eventId, door]);

  return {
    online,
    exit,
    refusing,
    refuse,
    refusal,
    pack,
    packState,
    queue,
    aforo,
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
