// The aforo the door shows: the server's (from the pack, a scan, a sync or a live update), or this door's own
// count of what it did without the server.
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { Aforo, DoorPack } from '@nocturna/shared';
import { countedAforo } from './station-results.ts';

export function useDoorAforo(packRef: RefObject<DoorPack | null>) {
  const [aforo, setAforo] = useState<Aforo | null>(null);
  // The async paths read the latest aforo, including a count made since the last render. Written as each
  // render reads the state, as the station always has (a layout effect would move the write to the commit).
  const aforoRef = useRef<Aforo | null>(null);
  // eslint-disable-next-line react-hooks/refs -- the rendered aforo, mirrored for the async paths (see above)
  aforoRef.current = aforo;

  // The aforo as this door counts it until the server says otherwise.
  const countLocally = useCallback(
    (entries: number, inside: number): Aforo | null => {
      const base = aforoRef.current ?? packRef.current?.aforo;
      if (!base) return null;
      const next = countedAforo(base, entries, inside);
      aforoRef.current = next;
      setAforo(next);
      return next;
    },
    [packRef],
  );

  return { aforo, setAforo, aforoRef, countLocally };
}

export type DoorAforo = ReturnType<typeof useDoorAforo>;
