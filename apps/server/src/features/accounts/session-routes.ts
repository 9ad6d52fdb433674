// My open sessions in settings: the list with device and last use, closing one, closing all but this one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionsSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import type { AccountsContext } from './context.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.ts';
import { errors, idParams, tags } from './settings-schemas.ts';

export function sessionRoutes(base: FastifyInstance, ctx: AccountsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/sessions',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis sesiones abiertas, con dispositivo y último uso',
        response: { 200: accountSessionsSchema, ...errors },
      },
    },
    async (request) => ({
      items: await listSessions(ctx, currentUser(request).id, request.authSession!.id),
    }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cerrar una de mis sesiones',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeSession(ctx, request, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cerrar todas mis sesiones menos esta',
        response: { 200: z.object({ revoked: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      revoked: await revokeOtherSessions(ctx, request, currentUser(request).id, request.authSession!.id),
    }),
  );
}
