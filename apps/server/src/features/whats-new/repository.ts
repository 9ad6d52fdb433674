// The one table "Novedades" owns: when each person last marked the feed as read.
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';

// When the account was made: a person's feed counts as read up to then until they mark it themselves, so a new
// account starts with nothing unread.
export async function accountCreatedAt(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row ? toIso(row.created_at) : null;
}

export async function readAtOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('whats_new_reads')
    .select('read_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toIso(row.read_at) : null;
}

// One row per person, decided by the primary key: two "marcar todo como leído" at once both succeed and the
// later instant stays (a slower request never moves the mark back).
export async function markRead(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('whats_new_reads')
    .values({ user_id: userId, read_at: at })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ read_at: (eb) => eb.ref('excluded.read_at') })
        .whereRef('whats_new_reads.read_at', '<', 'excluded.read_at'),
    )
    .execute();
}
