// Presence rows: one per user, created on first use. Every function takes the Kysely instance or a transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function findPresence(db: Q, userId: string) {
  return db.selectFrom('presence').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function markOnline(db: Q, userId: string, at: string, device: string | null): Promise<void> {
  await db
    .insertInto('presence')
    .values({
      user_id: userId,
      online: true,
      last_seen_at: at,
      last_heartbeat_at: at,
      show_online: true,
      device,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        online: true,
        last_seen_at: at,
        last_heartbeat_at: at,
        device: device === null ? eb.ref('presence.device') : device,
      })),
    )
    .execute();
}

export async function markOffline(db: Q, userId: string, at: string): Promise<void> {
  await db
    .insertInto('presence')
    .values({
      user_id: userId,
      online: false,
      last_seen_at: at,
      last_heartbeat_at: null,
      show_online: true,
      device: null,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ online: false, last_seen_at: at }))
    .execute();
}

// Users whose last heartbeat is older than `before` go offline; last seen stays at that heartbeat.
// RETURNING hands each change to exactly one server, which tells the user's tabs.
export async function expireStale(db: Q, before: string) {
  return db
    .updateTable('presence')
    .set((eb) => ({ online: false, last_seen_at: eb.ref('last_heartbeat_at') }))
    .where('online', '=', true)
    .where('last_heartbeat_at', '<', before)
    .returning(['user_id', 'last_seen_at'])
    .execute();
}

export async function setShowOnline(db: Q, userId: string, showOnline: boolean): Promise<void> {
  await db
    .insertInto('presence')
    .values({
      user_id: userId,
      online: false,
      last_seen_at: null,
      last_heartbeat_at: null,
      show_online: showOnline,
      device: null,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ show_online: showOnline }))
    .execute();
}

export async function userExists(db: Q, userId: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  );
}
