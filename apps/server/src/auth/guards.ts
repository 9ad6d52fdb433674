// Route guards: requireUser answers 401 without a valid session, requireRole 403 without the role.
// The client's gates are comfort; these are the rule.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@nocturna/shared';
import { AppError } from '../http/errors.ts';
import { hasRole } from './roles.ts';
import { readSessionFast, type SessionRecord, type SessionUser } from './session-reader.ts';
import * as clock from '../clock.ts';

export type AuthUser = SessionUser;
export type AuthSession = SessionRecord;

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
    authSession?: AuthSession;
  }
}

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

// "Last used" in the settings' session list: written at most every few minutes per session and server, and not
// at all in a session's first minutes (its creation time says it), so a burst of requests costs no writes.
const TOUCH_EVERY_MS = 5 * 60_000;
const touched = new Map<string, number>();

function noteSessionUse(request: FastifyRequest, session: AuthSession): void {
  const now = clock.nowMs();
  if (now - session.createdAt.getTime() < TOUCH_EVERY_MS) return;
  if (now - (touched.get(session.id) ?? 0) < TOUCH_EVERY_MS) return;
  if (touched.size > 50_000) touched.clear();
  touched.set(session.id, now);
  request.server.db
    .updateTable('sessions')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('id', '=', session.id)
    .execute()
    .catch((err: unknown) => request.log.debug({ err }, 'session last use not recorded'));
}

// better-auth's own getSession for this request: a renewed or cleared cookie goes out with the reply.
export async function betterAuthSession(request: FastifyRequest, reply: FastifyReply) {
  const { headers, response } = await request.server.auth.api.getSession({
    headers: webHeaders(request),
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return response;
}

// Reads the session from the cookie: the common case in session-reader.ts, anything else (no such session,
// expired, due for extension — whose new cookie is passed on) through better-auth.
export async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<AuthUser | null> {
  if (request.authUser) return request.authUser;
  const fast = await readSessionFast(request.server, request.headers.cookie);
  if (fast === null) return null;
  if (fast !== 'fallback') {
    request.authUser = fast.user;
    request.authSession = fast.session;
    noteSessionUse(request, fast.session);
    return fast.user;
  }
  const response = await betterAuthSession(request, reply);
  if (!response) return null;
  const user = response.user as typeof response.user & { username?: string | null };
  request.authUser = { id: user.id, email: user.email, name: user.name, username: user.username ?? null };
  request.authSession = {
    id: response.session.id,
    expiresAt: new Date(response.session.expiresAt),
    createdAt: new Date(response.session.createdAt),
  };
  noteSessionUse(request, request.authSession);
  return request.authUser;
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadSession(request, reply);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Inicia sesión para continuar.');
}

export function requireRole(role: Role) {
  return async function requireRoleHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (!(await hasRole(request.server.db, request.authUser!.id, role))) {
      throw new AppError(
        403,
        'FORBIDDEN',
        `No tienes los permisos de ${role.toUpperCase()} para acceder a esta página.`,
      );
    }
  };
}

// For handlers that run after requireUser.
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError(401, 'UNAUTHENTICATED', 'Inicia sesión para continuar.');
  return request.authUser;
}
