// Presence: the client registers its device on sign-in, beats every 30 s and says goodbye when it can; the
// sweeper marks silent users offline after 90 s. Changes are pushed to the user's own tabs.
import {
  PRESENCE_OFFLINE_AFTER_MS,
  SOCKET_EVENTS,
  type Presence,
  type PresenceDevice,
} from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIsoOrNull } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import * as repo from './repository.ts';
import { canSeePresence } from './visibility.ts';
import * as clock from '../../clock.ts';

function changed(bus: RealtimeBus, presence: Presence) {
  bus.toUser(presence.userId, SOCKET_EVENTS.presenceChanged, presence);
}

export async function heartbeat(
  db: Db,
  bus: RealtimeBus,
  userId: string,
  device: PresenceDevice | undefined,
  wasRegister: boolean,
) {
  const before = wasRegister ? undefined : await repo.findPresence(db, userId);
  const at = clock.now().toISOString();
  await repo.markOnline(db, userId, at, device ? JSON.stringify(device) : null);
  // A heartbeat of a user already online changes nothing anyone sees; only the transitions are pushed.
  if (wasRegister || !before || !before.online) changed(bus, { userId, online: true, lastSeenAt: at });
}

export async function goOffline(db: Db, bus: RealtimeBus, userId: string) {
  const at = clock.now().toISOString();
  await repo.markOffline(db, userId, at);
  changed(bus, { userId, online: false, lastSeenAt: at });
}

export async function sweepStalePresence(db: Db, bus: RealtimeBus, now = clock.nowMs()): Promise<number> {
  const rows = await repo.expireStale(db, new Date(now - PRESENCE_OFFLINE_AFTER_MS).toISOString());
  for (const row of rows)
    changed(bus, { userId: row.user_id, online: false, lastSeenAt: toIsoOrNull(row.last_seen_at) });
  return rows.length;
}

// Not visible and not existing answer the same 404: nobody learns who hides their presence.
export async function presenceOf(db: Db, viewerId: string, userId: string): Promise<Presence> {
  const row = await repo.findPresence(db, userId);
  const visible = row
    ? await canSeePresence(db, viewerId, userId, Boolean(row.show_online))
    : viewerId === userId;
  if (!visible || (!row && !(await repo.userExists(db, userId))))
    throw notFound('La presencia de este usuario', 'PRESENCE_NOT_FOUND');
  return {
    userId,
    online: row ? Boolean(row.online) : false,
    lastSeenAt: row ? toIsoOrNull(row.last_seen_at) : null,
  };
}

export async function presenceSettings(db: Db, userId: string) {
  const row = await repo.findPresence(db, userId);
  return { showOnline: row ? Boolean(row.show_online) : true };
}

export async function updatePresenceSettings(db: Db, userId: string, showOnline: boolean) {
  await repo.setShowOnline(db, userId, showOnline);
  return { showOnline };
}
