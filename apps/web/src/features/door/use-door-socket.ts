// Live from every door of the event, over the tab's socket: the aforo, other doors' entries and movements
// (into the pack, so a scan here answers right), a changed event (a fresh pack) and new conflicts. On each
// (re)connection the door watches the event again and syncs what waited.
import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { Aforo, CheckInConflict } from '@nocturna/shared';
import {
  DOOR_SOCKET_EVENTS,
  aforoSchema,
  checkInConflictSchema,
  doorCheckedInSchema,
  doorTicketChangedSchema,
} from '@nocturna/shared/checkin';
import { emitSocketEvent, onSocketConnect, onSocketEvent } from '../../lib/socket.ts';
import { markOutsideInPack, markRefusedInPack, markUsedInPack } from './offline/local-verify.ts';
import type { DoorPackStore } from './use-door-pack.ts';

type DoorLive = {
  packs: DoorPackStore;
  setAforo: Dispatch<SetStateAction<Aforo | null>>;
  setLiveConflicts: Dispatch<SetStateAction<CheckInConflict[]>>;
  sync: () => Promise<void>;
  refreshPack: () => Promise<void>;
};

export function useDoorSocket(eventId: string, live: DoorLive) {
  const { setAforo, setLiveConflicts, sync, refreshPack } = live;
  const { packRef, keepPack } = live.packs;

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
  }, [eventId, packRef, keepPack, setAforo, setLiveConflicts, sync, refreshPack]);
}
