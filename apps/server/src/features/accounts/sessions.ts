// "Active sessions" in settings: each session of the person with its device (from the user agent) and when it
// was last used; revoking goes through better-auth, then the session's sockets are dropped on every server.
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import type { AccountSession } from '@nocturna/shared';
import { webHeaders } from '../../auth/guards.ts';
import { toIso } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { AccountsContext } from './context.ts';
import * as clock from '../../clock.ts';

function describeDevice(userAgent: string | null): Pick<AccountSession, 'device' | 'browser' | 'os'> {
  if (!userAgent) return { device: 'unknown', browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    device: type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : 'unknown',
    browser: parsed.browser.name
      ? `${parsed.browser.name} ${parsed.browser.version?.split('.')[0] ?? ''}`.trim()
      : null,
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
      : null,
  };
}

const latest = (...values: Array<string | Date | null>) =>
  values
    .filter((v): v is string | Date => v !== null)
    .map((v) => toIso(v))
    .sort()
    .at(-1)!;

export async function listSessions(
  ctx: AccountsContext,
  userId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'updated_at', 'last_used_at'])
    .where('user_id', '=', userId)
    // Real time, not clock.ts: a session lives as long as better-auth, which reads the real clock, honours it.
    // eslint-disable-next-line no-restricted-syntax -- better-auth's clock
    .where('expires_at', '>', new Date().toISOString())
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === currentId,
      ...describeDevice(row.user_agent),
      ipAddress: row.ip_address,
      createdAt: toIso(row.created_at),
      lastUsedAt:
        row.id === currentId
          ? clock.now().toISOString()
          : latest(row.created_at, row.updated_at, row.last_used_at),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

export async function revokeSession(
  ctx: AccountsContext,
  request: FastifyRequest,
  userId: string,
  sessionId: string,
) {
  const row = await ctx.db
    .selectFrom('sessions')
    .select('token')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Another person's session answers like one that does not exist.
  if (!row) throw notFound('La sesión', 'SESSION_NOT_FOUND');
  await ctx.auth.api.revokeSession({ headers: webHeaders(request), body: { token: row.token } });
  ctx.bus.disconnectSession(sessionId);
}

export async function revokeOtherSessions(
  ctx: AccountsContext,
  request: FastifyRequest,
  userId: string,
  currentId: string,
) {
  const others = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '!=', currentId)
    .execute();
  await ctx.auth.api.revokeOtherSessions({ headers: webHeaders(request) });
  for (const { id } of others) ctx.bus.disconnectSession(id);
  return others.length;
}

// Every session of the person, this one included (deleting the account signs out everywhere).
export async function endAllSessions(ctx: AccountsContext, userId: string) {
  const all = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  await (await ctx.auth.$context).internalAdapter.deleteUserSessions(userId);
  for (const { id } of all) ctx.bus.disconnectSession(id);
}
