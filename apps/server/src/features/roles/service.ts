// Granting and revoking roles: each change and its audit entry commit together, and the last admin stays.
import { foldForSearch, type Role, type AdminUser, type RoleAuditEntry } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { toIso } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';
import * as clock from '../../clock.ts';

type Actor = { id: string; email: string };

export async function grantRole(db: Db, actor: Actor, userId: string, role: Role) {
  return db.transaction().execute(async (trx) => {
    const email = await repo.findUserEmail(trx, userId);
    if (email === null) throw notFound('El usuario', 'USER_NOT_FOUND');
    const at = clock.now().toISOString();
    const changed = await repo.insertRole(trx, userId, role, actor.id, at);
    if (changed)
      await repo.writeAudit(trx, {
        userId,
        userEmail: email,
        role,
        action: 'grant',
        actorId: actor.id,
        actorEmail: actor.email,
        at,
      });
    return { userId, role, granted: true, changed };
  });
}

export async function revokeRole(db: Db, actor: Actor, userId: string, role: Role) {
  return db.transaction().execute(async (trx) => {
    const email = await repo.findUserEmail(trx, userId);
    if (email === null) throw notFound('El usuario', 'USER_NOT_FOUND');
    const changed = await repo.deleteRole(trx, userId, role);
    // Checked after the delete, inside the transaction, so two admins revoking each other cannot both win.
    if (changed && role === 'admin' && (await repo.countRole(trx, 'admin')) === 0) {
      throw new AppError(
        409,
        'LAST_ADMIN',
        'No se puede retirar el rol de administrador al último administrador.',
      );
    }
    const at = clock.now().toISOString();
    if (changed)
      await repo.writeAudit(trx, {
        userId,
        userEmail: email,
        role,
        action: 'revoke',
        actorId: actor.id,
        actorEmail: actor.email,
        at,
      });
    return { userId, role, granted: false, changed };
  });
}

export async function listUsersWithRoles(db: Db, options: { q?: string; cursor?: string; limit: number }) {
  const rows = await repo.listUsers(db, {
    query: options.q ? foldForSearch(options.q) : undefined,
    after: options.cursor,
    limit: options.limit,
  });
  const page = rows.slice(0, options.limit);
  const roles = await repo.rolesOfMany(
    db,
    page.map((r) => r.id),
  );
  const items: AdminUser[] = page.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    username: r.username,
    roles: roles.get(r.id) ?? [],
    createdAt: toIso(r.created_at),
  }));
  return { items, nextCursor: rows.length > options.limit ? page[page.length - 1]!.id : null };
}

export async function roleAudit(db: Db, limit: number): Promise<RoleAuditEntry[]> {
  const rows = await repo.listAudit(db, limit);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    userEmail: r.user_email,
    role: r.role,
    action: r.action,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    createdAt: toIso(r.created_at),
  }));
}
