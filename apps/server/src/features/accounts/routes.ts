// The signed-in account as the server sees it (/test-auth), the real username availability check and the ways in
// this server offers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  meSchema,
  signInOptionsSchema,
  usernameAvailabilitySchema,
  usernameSchema,
} from '@nocturna/shared';
import { googleConfigured } from '../../auth/auth.ts';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { rolesOf } from '../roles/index.ts';
import { toIso } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-in forms show "Continuar con Google" disabled, with the reason, where it is off.
  app.get(
    '/api/sign-in-options',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Las formas de entrar que ofrece este servidor además del correo y la contraseña',
        response: { 200: signInOptionsSchema },
      },
    },
    async () => ({ google: googleConfigured(app.config) }),
  );

  app.get(
    '/api/users/username-availability',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Si un nombre de usuario está libre (sin distinguir mayúsculas)',
        querystring: z.object({ username: z.string().max(200) }),
        response: { 200: usernameAvailabilitySchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { username } = request.query;
      const parsed = usernameSchema.safeParse(username);
      if (!parsed.success)
        return {
          username,
          available: false,
          reason: 'invalid' as const,
          message: parsed.error.issues[0]?.message,
        };
      const taken = await app.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['username']), '=', parsed.data.toLowerCase()))
        .executeTakeFirst();
      return taken
        ? { username, available: false, reason: 'taken' as const, message: 'Username is already taken' }
        : { username, available: true };
    },
  );

  app.get(
    '/api/me',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cuentas'],
        summary: 'La sesión tal como la ve el servidor',
        response: { 200: meSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const row = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('El usuario', 'USER_NOT_FOUND');
      const session = request.authSession!;
      return {
        user: {
          id: row.id,
          email: row.email,
          name: row.name,
          username: row.display_username ?? row.username,
          firstName: row.first_name,
          lastName: row.last_name,
          phoneNumber: row.phone_number,
          dateOfBirth: row.date_of_birth,
          gender: row.gender,
          image: row.image,
          profileComplete: Boolean(
            row.username &&
            row.first_name &&
            row.last_name &&
            row.phone_number &&
            row.date_of_birth &&
            row.gender,
          ),
        },
        session: {
          id: session.id,
          expiresAt: session.expiresAt.toISOString(),
          createdAt: toIso(session.createdAt),
        },
        roles: await rolesOf(app.db, id),
      };
    },
  );
};
