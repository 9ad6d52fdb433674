// The wall live over the tab's socket: watch the event's room (again after every reconnect, reading the wall and
// the queue again for what was missed meanwhile), put new snapshots at the top when the viewer is there or hold
// them behind the "N nuevas" pill when they have scrolled down, take removed ones off, keep reaction counts
// current and the moderators' queue fresh. A visitor (nobody signed in) on a public wall watches it over a
// visitor's socket, opened here and closed when the wall is left.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactionCounts, Snapshot } from '@nocturna/shared';
import { WALL_SOCKET_EVENTS } from '@nocturna/shared/wall-constants';
import {
  connectVisitorSocket,
  emitSocketEvent,
  isSocketOpen,
  onSocketConnect,
  onSocketEvent,
  releaseVisitorSocket,
} from '../../lib/socket.ts';
import {
  prependSnapshots,
  removeSnapshot,
  replaceSnapshot,
  setReactionCounts,
} from './api/wall-mutations.ts';
import { wallKeys } from './api/wall-queries.ts';

// Within this distance of the top, a new snapshot goes straight in.
const NEAR_TOP_PX = 240;

// mode: 'user' over the signed-in user's socket, 'visitor' over a visitor's own socket, 'off' not live.
export function useWallLive(viewer: string, eventId: string | undefined, mode: 'user' | 'visitor' | 'off') {
  const client = useQueryClient();
  const [held, setHeld] = useState<Snapshot[]>([]);
  // The server has let this tab into the wall's room: new photos will arrive.
  const [watching, setWatching] = useState(false);
  const heldRef = useRef<Snapshot[]>([]);
  useLayoutEffect(() => {
    heldRef.current = held;
  });

  useEffect(() => {
    if (mode === 'off' || !eventId) return;
    if (mode === 'visitor') connectVisitorSocket();
    let active = true;
    const watch = () =>
      emitSocketEvent(WALL_SOCKET_EVENTS.watch, eventId, (answer) => {
        if (active) setWatching((answer as { ok?: unknown } | undefined)?.ok === true);
      });
    watch();
    // Connected once already (here or before this wall opened): a later connect is a reconnect, and whatever was
    // posted, removed or queued while the socket was down never arrived, so the wall and the queue are read again.
    let connectedBefore = isSocketOpen();
    const reconnected = () => {
      watch();
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      void client.invalidateQueries({ queryKey: wallKeys.snapshots(viewer, eventId) });
      void client.invalidateQueries({ queryKey: wallKeys.queue(eventId) });
    };
    const offs = [
      onSocketConnect(reconnected),
      onSocketEvent(WALL_SOCKET_EVENTS.snapshot, (payload) => {
        const snapshot = payload as Snapshot;
        if (snapshot.eventId !== eventId || snapshot.author.id === viewer) return;
        if (window.scrollY < NEAR_TOP_PX) prependSnapshots(client, viewer, eventId, [snapshot]);
        else setHeld((list) => (list.some((s) => s.id === snapshot.id) ? list : [snapshot, ...list]));
      }),
      onSocketEvent(WALL_SOCKET_EVENTS.removed, (payload) => {
        const { snapshotId } = payload as { snapshotId: string };
        removeSnapshot(client, snapshotId);
        setHeld((list) => list.filter((s) => s.id !== snapshotId));
      }),
      onSocketEvent(WALL_SOCKET_EVENTS.reactions, (payload) => {
        const { snapshotId, reactions } = payload as { snapshotId: string; reactions: ReactionCounts };
        setReactionCounts(client, snapshotId, reactions);
      }),
      onSocketEvent(WALL_SOCKET_EVENTS.mine, (payload) => {
        const snapshot = payload as Snapshot;
        if (snapshot.eventId !== eventId) return;
        if (snapshot.status === 'rejected') removeSnapshot(client, snapshot.id);
        else replaceSnapshot(client, snapshot);
      }),
      onSocketEvent(WALL_SOCKET_EVENTS.queue, (payload) => {
        if ((payload as { eventId: string }).eventId === eventId)
          void client.invalidateQueries({ queryKey: wallKeys.queue(eventId) });
      }),
    ];
    return () => {
      active = false;
      setWatching(false);
      emitSocketEvent(WALL_SOCKET_EVENTS.unwatch, eventId);
      for (const off of offs) off();
      if (mode === 'visitor') releaseVisitorSocket();
    };
  }, [client, viewer, eventId, mode]);

  // The pill: what arrived while the viewer was further down, shown on demand at the top.
  const showHeld = useCallback(() => {
    if (!eventId) return;
    prependSnapshots(client, viewer, eventId, heldRef.current);
    setHeld([]);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [client, viewer, eventId]);

  // Scrolling back to the top by hand shows them too.
  useEffect(() => {
    if (held.length === 0) return;
    const onScroll = () => {
      if (window.scrollY < 40) showHeld();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [held.length, showHeld]);

  return { heldCount: held.length, showHeld, watching };
}
