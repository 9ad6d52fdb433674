// One door at one event: scans go to the server while there is a connection and are answered from the
// preloaded pack when there is not; what the door did offline (entries, exits, re-entries, refusals) waits in
// a queue (IndexedDB) and syncs as soon as the connection returns. Aforo, other doors' entries and movements,
// and conflicts arrive live over the tab's socket.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Aforo, CheckInConflict, DoorPack, RefusalReason, ScanResult } from '@nocturna/shared';
import {
  DOOR_SOCKET_EVENTS,
  SYNC_BATCH_MAX,
  aforoSchema,
  checkInConflictSchema,
  doorCheckedInSchema,
  doorTicketChangedSchema,
} from '@nocturna/shared/checkin';
import { importTicketPublicKey } from '@nocturna/shared/ticket-token';
import { ApiRequestError } from '../../lib/api-client.ts';
import { emitSocketEvent, onSocketConnect, onSocketEvent } from '../../lib/socket.ts';
import { getPack, isNetworkFailure, postExit, postRefusal, postScan, postSync } from './api/door-calls.ts';
import {
  applyQueued,
  judgeLocally,
  localResult,
  markOutsideInPack,
  markRefusedInPack,
  markUsedInPack,
} from './offline/local-verify.ts';
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
  // The scan's clientId: the entry it recorded carries it, so a refusal right after can name that entry.
  clientId?: string;
  // After "Rechazar": why, and whether the club refunds it (null: decided when an offline refusal syncs).
  refusal?: { reason: RefusalReason; refunded: boolean | null };
  // After "Sale a fumar".
  exited?: boolean;
};
export type PackState = 'loading' | 'ready' | 'missing';

// A scan with no answer from the server and no event pack on this phone to answer it: the door page says so.
export class NoPackError extends Error {
  constructor() {
    super('No event pack on this phone to answer the scan offline.');
    this.name = 'NoPackError';
  }
}

const SCAN_TIMEOUT_MS = 4000;

// The server's answer, or null when there is no way through (no signal, or the request never got an answer):
// the door then does it itself and syncs it later under the same clientId.
async function whenReachable<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  if (!navigator.onLine) return null;
  try {
    return await call(AbortSignal.timeout(SCAN_TIMEOUT_MS));
  } catch (error) {
    if (isNetworkFailure(error)) return null;
    throw error;
  }
}

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
      // What this door did and has not synced yet stays done in the new pack.
      let next = fresh;
      for (const q of queueRef.current) next = applyQueued(next, q);
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
      onSocketEvent(DOOR_SOCKET_EVENTS.eventChanged, (payload) => {
        if ((payload as { eventId?: unknown } | null)?.eventId === eventId) void refreshPack();
      }),
      onSocketEvent(DOOR_SOCKET_EVENTS.ticketChanged, (payload) => {
        const parsed = doorTicketChangedSchema.safeParse(payload);
        const current = packRef.current;
        if (!parsed.success || parsed.data.eventId !== eventId || !current) return;
        const { ticketId, status, outside } = parsed.data;
        keepPack(
          status === 'refused'
            ? markRefusedInPack(current, ticketId)
            : markOutsideInPack(current, ticketId, outside),
        );
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
  }, [eventId, keepPack, sync, refreshPack]);

  // What this door just did without the server: into the queue (to sync) and into the pack (so the next scan
  // of the same ticket answers right).
  const queueLocally = useCallback(
    (item: QueuedCheckIn) => {
      if (packRef.current) keepPack(applyQueued(packRef.current, item));
      keepQueue([...queueRef.current, item]);
    },
    [keepPack, keepQueue],
  );
  // The aforo as this door counts it until the server says otherwise.
  const countLocally = useCallback((entries: number, inside: number): Aforo | null => {
    const base = aforoRef.current ?? packRef.current?.aforo;
    if (!base) return null;
    const next = {
      ...base,
      entries: Math.max(0, base.entries + entries),
      inside: (base.inside ?? base.entries) + inside,
    };
    aforoRef.current = next;
    setAforo(next);
    return next;
  }, []);

  const answerLocally = useCallback(
    async (input: { token?: string; ticketId?: string }, clientId: string): Promise<ScanShown | null> => {
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
      queueLocally({
        clientId,
        ticketId: verdict.ticket.id,
        token: input.token ?? null,
        scannedAt,
        door,
        action,
      });
      const counted = countLocally(action === 'entry' ? 1 : 0, 1) ?? base;
      const next = packRef.current ?? current;
      const admitted = next.tickets.find((t) => t.id === verdict.ticket!.id)!;
      const result = localResult(
        next,
        { outcome: verdict.outcome, ticket: admitted },
        scannedAt,
        counted.entries,
      );
      return { result: { ...result, aforo: counted }, offline: true, clientId };
    },
    [door, queueLocally, countLocally],
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
            setShown({ result, offline: false, clientId });
            return;
          } catch (error) {
            if (!isNetworkFailure(error)) throw error;
            // No answer: the pack decides, with the same clientId, so a scan the server did record is not counted twice.
          }
        }
        const local = await answerLocally(input, clientId);
        if (local) setShown(local);
        else setShown(null);
        if (!local) throw new NoPackError();
      } finally {
        setBusy(false);
      }
    },
    [eventId, door, keepPack, answerLocally],
  );

  // "Rechazar" on the answer shown: the server refuses it (undoing the entry this scan recorded); without a
  // connection the door refuses it itself and the refusal syncs later. An entry of this scan still waiting in
  // the queue never reaches the server: the refusal takes its place.
  const [refusing, setRefusing] = useState(false);
  const refuse = useCallback(
    async (reason: RefusalReason, note?: string) => {
      const current = shownRef.current;
      const ticket = current?.result.ticket;
      if (!current || !ticket) return;
      setRefusing(true);
      const clientId = crypto.randomUUID();
      try {
        const pending =
          current.clientId && !syncingRef.current
            ? queueRef.current.find(
                (q) => q.clientId === current.clientId && (q.action ?? 'entry') === 'entry',
              )
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
          setShown({
            result: { ...current.result, outcome: 'refused', ticket: res.ticket, aforo: res.aforo },
            offline: false,
            refusal: { reason: res.reason, refunded: res.refunded },
          });
          return;
        }
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
        setShown({
          result: {
            ...current.result,
            outcome: 'refused',
            ticket: { ...ticket, status: 'refused', outside: false },
            aforo: counted ?? current.result.aforo,
          },
          offline: true,
          refusal: { reason, refunded: null },
        });
      } finally {
        setRefusing(false);
      }
    },
    [eventId, door, keepPack, keepQueue, queueLocally, countLocally],
  );

  // "Sale a fumar" on a ticket already inside (a YA USADA answer); offline it is queued like an entry.
  const exit = useCallback(async () => {
    const current = shownRef.current;
    const ticket = current?.result.ticket;
    if (!current || !ticket) return;
    setRefusing(true);
    const clientId = crypto.randomUUID();
    try {
      const res = await whenReachable((signal) =>
        postExit(eventId, { ticketId: ticket.id, door, clientId }, signal),
      );
      if (res) {
        setAforo(res.aforo);
        if (packRef.current) keepPack(markOutsideInPack(packRef.current, ticket.id, true));
        setShown({
          ...current,
          result: { ...current.result, ticket: res.ticket, aforo: res.aforo },
          exited: true,
        });
        return;
      }
      queueLocally({
        clientId,
        ticketId: ticket.id,
        token: null,
        scannedAt: new Date().toISOString(),
        door,
        action: 'exit',
      });
      const counted = countLocally(0, -1);
      setShown({
        ...current,
        result: {
          ...current.result,
          ticket: { ...ticket, outside: true },
          aforo: counted ?? current.result.aforo,
        },
        offline: true,
        exited: true,
      });
    } finally {
      setRefusing(false);
    }
  }, [eventId, door, keepPack, queueLocally, countLocally]);

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
