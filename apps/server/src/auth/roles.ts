// Whether a user holds a role: the one read of user_roles the guards need. The roles feature writes the rows.
import type { Role } from '@nocturna/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function hasRole(db: Kysely<Database>, userId: string, role: Role): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}
