// Role rows and their audit log. Every function takes the Kysely instance or an open transaction.
import { ROLES, type Role } from '@nocturna/shared';
import type { Kysely } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export { hasRole } from '../../auth/roles.ts';

export async function rolesOf(db: Q, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  const held = new Set(rows.map((r) => r.role));
  return ROLES.filter((r) => held.has(r));
}

export async function rolesOfMany(db: Q, userIds: string[]): Promise<Map<string, Role[]>> {
  const result = new Map<string, Role[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('user_id', 'in', userIds)
    .execute();
  for (const row of rows) result.get(row.user_id)?.push(row.role);
  for (const [id, roles] of result)
    result.set(
      id,
      ROLES.filter((r) => roles.includes(r)),
    );
  return result;
}

// Returns true when the row was added (false: the user already held the role).
export async function insertRole(
  db: Q,
  userId: string,
  role: Role,
  grantedBy: string | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, granted_by: grantedBy, granted_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteRole(db: Q, userId: string, role: Role): Promise<boolean> {
  const result = await db
    .deleteFrom('user_roles')
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRole(db: Q, role: Role): Promise<number> {
  const { count } = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function writeAudit(
  db: Q,
  entry: {
    userId: string;
    userEmail: string | null;
    role: Role;
    action: 'grant' | 'revoke';
    actorId: string | null;
    actorEmail: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('role_audit')
    .values({
      id: uuidv7(),
      user_id: entry.userId,
      user_email: entry.userEmail,
      role: entry.role,
      action: entry.action,
      actor_id: entry.actorId,
      actor_email: entry.actorEmail,
      created_at: entry.at,
    })
    .execute();
}

export async function listAudit(db: Q, limit: number) {
  return db
    .selectFrom('role_audit')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findUserEmail(db: Q, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

export async function listUsers(db: Q, options: { query?: string; after?: string; limit: number }) {
  let q = db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'username', 'created_at'])
    .orderBy('id')
    .limit(options.limit + 1);
  if (options.after) q = q.where('id', '>', options.after);
  if (options.query) {
    const like = `%${options.query.toLowerCase()}%`;
    q = q.where((eb) => eb.or([eb('search_text', 'like', like), eb('email', 'like', like)]));
  }
  return q.execute();
}
