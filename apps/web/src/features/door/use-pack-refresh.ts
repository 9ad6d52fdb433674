// The server's fresh pack for this door, or its refusal to give one.
import { useCallback, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { Aforo } from '@nocturna/shared';
import { ApiRequestError } from '../../lib/api-client.ts';
import { getPack } from './api/door-calls.ts';
import type { QueuedCheckIn } from './offline/door-store.ts';
import { applyQueued } from './offline/local-verify.ts';
import { freshestAforo } from './station-results.ts';
import type { DoorPackStore } from './use-door-pack.ts';

export function usePackRefresh(
  eventId: string,
  packs: DoorPackStore,
  queueRef: RefObject<QueuedCheckIn[]>,
  setAforo: Dispatch<SetStateAction<Aforo | null>>,
) {
  const { packRef, keepPack, setPackState } = packs;
  // The server refused the pack (NOT_DOOR_STAFF, EVENT_NOT_FOUND): the page says so instead of a door.
  const [refusal, setRefusal] = useState<string | null>(null);

  const refreshPack = useCallback(async () => {
    try {
      const fresh = await getPack(eventId);
      // What this door did and has not synced yet stays done in the new pack.
      let next = fresh;
      for (const q of queueRef.current) next = applyQueued(next, q);
      keepPack(next);
      setRefusal(null);
      setAforo((current) => freshestAforo(current, fresh.aforo));
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404))
        setRefusal(error.code);
      if (!packRef.current) setPackState('missing');
    }
  }, [eventId, keepPack, queueRef, setAforo, packRef, setPackState]);

  return { refusal, refreshPack };
}
