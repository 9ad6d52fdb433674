// Who calls a promoters route, as the services take them: their id and name.
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/guards.ts';

export function actorOf(request: FastifyRequest) {
  const u = currentUser(request);
  return { id: u.id, name: u.name };
}
