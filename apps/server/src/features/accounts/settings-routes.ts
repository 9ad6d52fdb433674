// The account in settings: what sign-in methods and state it has, the mail language, active sessions, the data
// export and the deletion. Password, e-mail change and Google linking are better-auth's own endpoints. The routes
// are grouped by resource and registered in this order, the order of the API document.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSecuritySchema,
  deleteAccountSchema,
  deletionSchema,
  localeBodySchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { GOOGLE_PROVIDER_ID, googleConfigured } from '../../auth/auth.ts';
import { notFound } from '../../http/errors.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { asLocale } from '../mail/index.ts';
import type { AccountsContext } from './context.ts';
import { registerExportJobs } from './data-export.ts';
import { deletionOf, registerDeletionJob, requestDeletion } from './deletion.ts';
import { dataExportRoutes } from './export-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { errors, tags } from './settings-schemas.ts';

export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AccountsContext = {
    db: app.db,
    auth: app.auth,
    bus: app.realtime,
    jobs: app.jobs,
    storage: fileStorageFor(app.config),
  };
  registerExportJobs(ctx);
  registerDeletionJob(ctx);

  accountStateRoutes(app);
  sessionRoutes(app, ctx);
  dataExportRoutes(app, ctx);
  deletionRoutes(app, ctx);
};

// The account's state (e-mail, sign-in methods, a pending deletion, language) and the language of its mail.
function accountStateRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/account',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mi cuenta: correo, métodos de acceso, borrado pendiente',
        response: { 200: accountSecuritySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const [user, providers] = await Promise.all([
        app.db
          .selectFrom('users')
          .select(['email', 'email_verified', 'locale', 'deletion_requested_at', 'deletion_due_at'])
          .where('id', '=', id)
          .executeTakeFirst(),
        app.db.selectFrom('accounts').select('provider_id').where('user_id', '=', id).execute(),
      ]);
      if (!user) throw notFound('El usuario', 'USER_NOT_FOUND');
      return {
        email: user.email,
        emailVerified: Boolean(user.email_verified),
        hasPassword: providers.some((p) => p.provider_id === 'credential'),
        google: {
          available: googleConfigured(app.config),
          linked: providers.some((p) => p.provider_id === GOOGLE_PROVIDER_ID),
        },
        deletion: deletionOf(user),
        locale: asLocale(user.locale),
      };
    },
  );

  app.put(
    '/api/me/locale',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Idioma de mis correos y avisos',
        body: localeBodySchema,
        response: { 200: localeBodySchema, ...errors },
      },
    },
    async (request) => {
      await app.db
        .updateTable('users')
        .set({ locale: request.body.locale })
        .where('id', '=', currentUser(request).id)
        .execute();
      return { locale: request.body.locale };
    },
  );
}

// Asking for the account to be deleted: 14 days to change one's mind by signing in.
function deletionRoutes(base: FastifyInstance, ctx: AccountsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/me/deletion',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Eliminar mi cuenta (14 días para arrepentirse iniciando sesión)',
        body: deleteAccountSchema,
        response: { 202: deletionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await requestDeletion(ctx, currentUser(request).id, request.body.password, request.headers.cookie),
        ),
  );
}
