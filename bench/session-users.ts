// A benchmark's person with a session: the user row and a session written straight to the tables, and the cookie
// signed the way better-auth signs it. Signing up hundreds of people through the password hash would take
// minutes and measure nothing the benchmarks are about.
import crypto from 'node:crypto';
import type { Db } from '../apps/server/src/db/connect.ts';
import { userRow } from './user-rows.ts';

export async function sessionUser(
  db: Db,
  authSecret: string,
  id: string,
  name: string,
  at: string,
): Promise<{ id: string; cookie: string }> {
  const token = crypto.randomBytes(24).toString('base64url');
  await db
    .insertInto('users')
    .values(userRow(id, name, at))
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: `s-${id}`,
      user_id: id,
      token,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      ip_address: null,
      user_agent: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const signature = crypto.createHmac('sha256', authSecret).update(token).digest('base64');
  return { id, cookie: `nocturna.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
}
