// DJ accounts by name or username, for the people who write an event's line-up.
import type { Db } from '../../../db/connect.ts';

// The first 20 accounts with the DJ role whose name or username holds `q` (any case), by name; all when `q` is empty.
export async function searchDjAccounts(db: Db, q: string) {
  return db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', 'users.name', 'users.username'])
    .where('user_roles.role', '=', 'dj')
    .$if(q.length > 0, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['users.name']), 'like', `%${q}%`),
          eb(eb.fn('lower', ['users.username']), 'like', `%${q}%`),
        ]),
      ),
    )
    .orderBy('users.name')
    .limit(20)
    .execute();
}
