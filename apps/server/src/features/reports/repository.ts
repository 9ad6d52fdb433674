// Report rows. Every function takes the Kysely instance or an open transaction.
import type { Kysely } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

// False when the same reporter already has an open report on the same target (the unique open_key decides).
export async function insertReport(db: Q, row: ReportsTable): Promise<boolean> {
  const result = await db
    .insertInto('reports')
    .values(row)
    .onConflict((oc) => oc.column('open_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findOpenByKey(db: Q, openKey: string) {
  return db.selectFrom('reports').selectAll().where('open_key', '=', openKey).executeTakeFirst();
}

// Oldest first by (created_at, id); `after` is the last row of the previous page.
export async function listByStatus(
  db: Q,
  status: ReportsTable['status'],
  options: { after?: [string, string]; limit: number },
) {
  // Open reports are worked oldest first; handled ones are read most recent first.
  const direction = status === 'open' ? 'asc' : 'desc';
  const cmp = status === 'open' ? '>' : '<';
  let q = db
    .selectFrom('reports')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(options.limit + 1);
  if (options.after) {
    const [at, id] = options.after;
    q = q.where((eb) =>
      eb.or([eb('created_at', cmp, at), eb.and([eb('created_at', '=', at), eb('id', cmp, id)])]),
    );
  }
  return q.execute();
}

export async function countOpen(db: Q): Promise<number> {
  const { count } = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(count);
}

// Only an open report changes: two admins acting at once, one wins and the other is told.
export async function close(
  db: Q,
  id: string,
  change: { status: 'resolved' | 'dismissed'; by: string; at: string; note: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({
      status: change.status,
      open_key: null,
      resolved_at: change.at,
      resolved_by: change.by,
      resolution_note: change.note,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findReport(db: Q, id: string) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function people(db: Q, ids: string[]) {
  const result = new Map<
    string,
    { id: string; name: string; email: string | null; username: string | null }
  >();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'username'])
    .where('id', 'in', unique)
    .execute();
  for (const row of rows) result.set(row.id, row);
  return result;
}

export async function userExists(db: Q, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
