// Who calls a management route: the actor its audit entries name, and the clubs they manage.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { currentUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { managedClubIds } from '../club-staff/index.ts';
import type { Actor } from './audit/repository.ts';

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, name: user.name };
}

// Plain users (no admin, no club of their own) get 403 on the whole area. The clubs they manage, null for an admin.
export async function requireManagerOfSomething(db: Db, request: FastifyRequest) {
  const ids = await managedClubIds(db, currentUser(request).id);
  if (ids !== null && ids.length === 0)
    throw new AppError(403, 'NOT_CLUB_OWNER', 'No gestionas ninguna discoteca.');
  return ids;
}
