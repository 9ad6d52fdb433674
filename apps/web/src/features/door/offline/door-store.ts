// What a door keeps on the phone (IndexedDB through idb-keyval): each event's pack and the entries let in
// without a connection that the server has not heard of yet. Keys carry the person's id, so a shared phone
// never shows one person's door to the next; packs (holders' names) are dropped at sign-out and after a day,
// queues are kept until they sync, because each one is a person who is already inside.
import { createStore, del, entries, get, keys, set } from 'idb-keyval';
import type { DoorPack, OfflineCheckIn } from '@nocturna/shared';

const store = createStore('nocturna-door', 'door');
const PACK_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type QueuedCheckIn = OfflineCheckIn & { door: string };

const packKey = (userId: string, eventId: string) => `pack:${userId}:${eventId}`;
const queueKey = (userId: string, eventId: string) => `queue:${userId}:${eventId}`;

export const loadPack = (userId: string, eventId: string) => get<DoorPack>(packKey(userId, eventId), store);
export const savePack = (userId: string, eventId: string, pack: DoorPack) =>
  set(packKey(userId, eventId), pack, store);

export async function loadQueue(userId: string, eventId: string): Promise<QueuedCheckIn[]> {
  return (await get<QueuedCheckIn[]>(queueKey(userId, eventId), store)) ?? [];
}

export async function saveQueue(userId: string, eventId: string, queue: QueuedCheckIn[]): Promise<void> {
  if (queue.length === 0) await del(queueKey(userId, eventId), store);
  else await set(queueKey(userId, eventId), queue, store);
}

// Packs of other people, and stale ones, go.
export async function prunePacks(userId: string, now = Date.now()): Promise<void> {
  for (const [key, value] of await entries<string, DoorPack>(store)) {
    if (!key.startsWith('pack:')) continue;
    const mine = key.startsWith(`pack:${userId}:`);
    const age = now - Date.parse(value.generatedAt);
    if (!mine || !(age < PACK_MAX_AGE_MS)) await del(key, store);
  }
}

// Sign-out: every pack goes (they hold holders' names); queues stay, each is a person already inside, and
// sync when their door signs in again.
export async function dropPacks(): Promise<void> {
  for (const key of await keys<string>(store)) {
    if (key.startsWith('pack:')) await del(key, store);
  }
}
