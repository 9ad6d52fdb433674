// What the actions on the answer shown ("Rechazar", "Sale a fumar") work with: the station's pack, queue,
// aforo and answer, whether a sync is running, and the flag the panel shows while one of them runs.
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { ShownAnswer } from './door-station-types.ts';
import type { DoorAforo } from './use-door-aforo.ts';
import type { DoorPackStore } from './use-door-pack.ts';
import type { OfflineQueue } from './use-offline-queue.ts';

export type AnswerParts = {
  packs: DoorPackStore;
  offline: OfflineQueue;
  counts: DoorAforo;
  shown: ShownAnswer;
  syncingRef: RefObject<boolean>;
  setRefusing: Dispatch<SetStateAction<boolean>>;
};
